/**
 * What ClubNica costs a phone on prepaid data (issue 17), on the production build in Chromium at
 * 360 px with the demo data:
 *   bun scripts/bench/data.ts            (about 5 minutes; CHROMIUM_PATH, default /usr/bin/chromium)
 * Prints bytes and requests for a first visit to /, /clubs (scrolled to the end) and a club page;
 * 60 idle seconds signed in on /home and on a chat page, and 30 s with the /home tab hidden; the
 * Lighthouse mobile scores (performance, SEO) of the three public pages and Chromium's own
 * installability check. Figures to compare with the issue's targets, never a pass/fail test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startStack } from "./data/stack";
import { describeTraffic, watchTraffic } from "./data/traffic";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
// The flags the browser tests use on these machines (no sandbox as root, no background traffic).
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const IDLE_MS = 60_000;
// PARTS=visits,idle,install,lighthouse (default all) runs only some parts.
const parts = new Set((process.env.PARTS ?? "visits,idle,install,lighthouse").split(","));
const HIDDEN_MS = 30_000;

async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => {});
}

async function scrollToEnd(page: Page) {
  for (let y = 0; ; y += 500) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (y > height) break;
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(250);
  }
  await settle(page);
}

async function firstVisit(browser: Browser, url: string, label: string, { scroll = false, scale = 1 } = {}) {
  const context = await browser.newContext({ ...PHONE, deviceScaleFactor: scale });
  const page = await context.newPage();
  const traffic = await watchTraffic(page);
  await page.goto(url, { waitUntil: "load" });
  await settle(page);
  if (scroll) await scrollToEnd(page);
  await page.waitForTimeout(1000);
  console.log(describeTraffic(label, traffic.current()));
  await context.close();
}

async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (value ? "hidden" : "visible"),
    });
    // Browsers fire it on the document and it bubbles to window (where TanStack Query listens).
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  }, hidden);
}

async function idle(browser: Browser, baseURL: string, token: string, path: string, label: string) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript((t) => localStorage.setItem("token", t), token);
  const page = await context.newPage();
  const traffic = await watchTraffic(page);
  await page.goto(baseURL + path);
  await settle(page);
  await page.waitForTimeout(2000);
  traffic.reset();
  await page.waitForTimeout(IDLE_MS);
  console.log(describeTraffic(`${label}, idle 60 s`, traffic.reset()));
  if (path === "/home") {
    await setHidden(page, true);
    traffic.reset();
    await page.waitForTimeout(HIDDEN_MS);
    console.log(describeTraffic(`${label}, tab hidden 30 s`, traffic.reset()));
  }
  await context.close();
}

async function signIn(baseURL: string) {
  const res = await fetch(`${baseURL}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "estudiante", password: "clubnica123" }),
  });
  if (!res.ok) throw new Error(`demo log-in failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A real profile (not incognito, where Chromium never offers to install) per check. */
async function installability(url: string) {
  const profile = mkdtempSync(join(tmpdir(), "clubnica-install-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...PHONE,
    executablePath: CHROMIUM,
    args: FLAGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    return installabilityErrors.map((e) => e.errorId);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function lighthouseScores(urls: [string, string][]) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...FLAGS],
  });
  try {
    for (const [label, url] of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "seo"],
      });
      const categories = result?.lhr.categories ?? {};
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      const audits = result?.lhr.audits ?? {};
      const fcp = audits["first-contentful-paint"]?.displayValue ?? "?";
      const lcp = audits["largest-contentful-paint"]?.displayValue ?? "?";
      const tbt = audits["total-blocking-time"]?.displayValue ?? "?";
      const cls = audits["cumulative-layout-shift"]?.displayValue ?? "?";
      const si = audits["speed-index"]?.displayValue ?? "?";
      const failing = Object.values(audits)
        .filter(
          (a) => a.score !== null && a.score < 1 && categories.seo?.auditRefs.some((r) => r.id === a.id),
        )
        .map((a) => a.id);
      console.log(
        `  ${label.padEnd(14)} performance ${String(score("performance")).padStart(3)}  SEO ${String(score("seo")).padStart(3)}  FCP ${fcp}  LCP ${lcp}  TBT ${tbt}  CLS ${cls}  SI ${si}${failing.length ? `  (SEO audits below 1: ${failing.join(", ")})` : ""}`,
      );
      if (process.env.LCP_DETAILS) {
        console.log(
          JSON.stringify(audits["largest-contentful-paint-element"]?.details ?? null).slice(0, 1500),
        );
      }
    }
  } finally {
    chrome.kill();
  }
}

const stack = await startStack();
try {
  const { baseURL } = stack;
  const clubs = (await (await fetch(`${baseURL}/api/clubs?limit=1`)).json()) as {
    id: number;
    name: string;
  }[];
  const club = clubs[0];
  if (!club) throw new Error("no club after seeding");
  const token = await signIn(baseURL);
  const conversations = (await (
    await fetch(`${baseURL}/api/messages/conversations`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { type: string; id: number }[];
  const chat = conversations[0];

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    console.log("\nFirst visit (empty cache, 360 px, 1×; bytes as transferred)");
    await firstVisit(browser, `${baseURL}/`, "/");
    await firstVisit(browser, `${baseURL}/clubs`, "/clubs, scrolled to the end", { scroll: true });
    await firstVisit(browser, `${baseURL}/clubs`, "/clubs, scrolled, 2× screen", { scroll: true, scale: 2 });
    await firstVisit(browser, `${baseURL}/clubs/${club.id}`, `/clubs/${club.id}`);

    console.log("\nSigned in as the demo member, idle");
    await idle(browser, baseURL, token, "/home", "/home");
    if (chat)
      await idle(browser, baseURL, token, `/chat/${chat.type}/${chat.id}`, `/chat/${chat.type}/${chat.id}`);

    console.log("\nInstallability (Chromium's own check after the service worker is ready)");
    for (const path of ["/", "/clubs", `/clubs/${club.id}`]) {
      const errors = await installability(baseURL + path);
      console.log(
        `  ${path.padEnd(14)} ${errors.length ? `NOT installable: ${errors.join(", ")}` : "installable"}`,
      );
    }
  } finally {
    await browser.close();
  }

  if (parts.has("lighthouse")) {
    console.log("\nLighthouse mobile (simulated slow 4G, Moto G class CPU)");
    await lighthouseScores([
      ["/", `${baseURL}/`],
      ["/clubs", `${baseURL}/clubs`],
      [`/clubs/${club.id}`, `${baseURL}/clubs/${club.id}`],
    ]);
  }
} finally {
  await stack.stop();
}
