/**
 * What ClubNica costs a phone on prepaid data (issue 17), on the production build in Chromium at
 * 360 px with the demo data:
 *   bun scripts/bench/data.ts            (about 5 minutes; CHROMIUM_PATH, default /usr/bin/chromium)
 * Prints bytes and requests for a first visit to /, /clubs (scrolled to the end) and a club page;
 * 60 idle seconds signed in on /home and on a chat page, and 30 s with the /home tab hidden;
 * Chromium's own installability check. Lighthouse scores: scripts/bench/lighthouse.ts. Figures
 * to compare with the issue's targets, never a pass/fail test.
 */
import { type Browser, chromium, type Page } from "@playwright/test";
import { CHROMIUM, FLAGS, installability, PHONE } from "./data/browser";
import { firstPublicClub } from "./data/demo";
import { startStack } from "./data/stack";
import { describeTraffic, watchTraffic } from "./data/traffic";

const IDLE_MS = 60_000;
// PARTS=visits,idle,install (default all) runs only some parts.
const parts = new Set((process.env.PARTS ?? "visits,idle,install").split(","));
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
  // The first screen's pictures belong to the visit, not to idling: on a loaded machine some
  // finish after network idle, so wait for them (up to 20 s) before counting.
  await page
    .waitForFunction(
      () =>
        [...document.images].every((img) => img.complete || img.getBoundingClientRect().top > innerHeight),
      null,
      {
        timeout: 20_000,
      },
    )
    .catch(() => {});
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

const stack = await startStack();
try {
  const { baseURL } = stack;
  const club = { id: await firstPublicClub(baseURL) };
  const token = await signIn(baseURL);
  const conversations = (await (
    await fetch(`${baseURL}/api/messages/conversations`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { type: string; id: number }[];
  const chat = conversations[0];

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    if (parts.has("visits")) {
      console.log("\nFirst visit (empty cache, 360 px, 1×; bytes as transferred)");
      await firstVisit(browser, `${baseURL}/`, "/");
      await firstVisit(browser, `${baseURL}/clubs`, "/clubs, scrolled to the end", { scroll: true });
      await firstVisit(browser, `${baseURL}/clubs`, "/clubs, scrolled, 2× screen", {
        scroll: true,
        scale: 2,
      });
      await firstVisit(browser, `${baseURL}/clubs/${club.id}`, `/clubs/${club.id}`);
    }

    if (parts.has("idle")) {
      console.log("\nSigned in as the demo member, idle");
      await idle(browser, baseURL, token, "/home", "/home");
      if (chat)
        await idle(browser, baseURL, token, `/chat/${chat.type}/${chat.id}`, `/chat/${chat.type}/${chat.id}`);
    }

    if (parts.has("install")) {
      console.log("\nInstallability (Chromium's own check after the service worker is ready)");
      for (const path of ["/", "/clubs", `/clubs/${club.id}`]) {
        const errors = await installability(baseURL + path);
        console.log(
          `  ${path.padEnd(14)} ${errors.length ? `NOT installable: ${errors.join(", ")}` : "installable"}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await stack.stop();
}
