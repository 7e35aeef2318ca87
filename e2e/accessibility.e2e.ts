import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import type { RunOptions } from "axe-core";
import { type A11yWorld, seedA11yWorld } from "./support/a11y-world";
import { runAxe } from "./support/axe-run";
import { expect, type SeedUser, signIn, test } from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";

/**
 * axe (WCAG 2.0/2.1 A and AA plus WCAG 2.2 AA rules) on every route, for a guest, a member, an
 * owner and an admin, on a 360 px phone and a 1280 px laptop, in the light and the dark theme:
 * no serious or critical violation anywhere, and headings in order (axe's heading-order). One page per route, role, width and theme; one
 * browser context (signed in once) per role, width and theme. Each state's screenshot is kept
 * under e2e/screenshots/a11y/ (not committed, like the suite's other screenshots).
 */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** Rules that fail the sweep at any impact: a skipped heading level loses screen-reader users. */
const ALWAYS = new Set(["heading-order"]);
/**
 * The dark theme swaps colour tokens and nothing else (the first test below keeps that true), so
 * only the rules that read colours can answer differently in it: the dark runs ask axe for
 * those, the light runs for everything.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
const WIDTHS = [360, 1280] as const;
const SCHEMES = ["light", "dark"] as const;
type Role = "guest" | "member" | "owner" | "admin";

function routesFor(role: Role, w: A11yWorld): string[] {
  const club = `/clubs/${w.clubId}`;
  switch (role) {
    case "guest":
      return [
        "/",
        "/clubs",
        club,
        "/login",
        "/signup",
        "/forgot-password",
        "/reset-password",
        "/profile/create",
      ];
    case "member":
      return [
        "/home",
        "/clubs",
        club,
        `${club}/calendar`,
        "/my-clubs",
        "/connections",
        "/chats",
        `/chat/club/${w.clubId}`,
        `/chat/announcements/${w.clubId}`,
        `/chat/user/${w.owner.id}`,
        "/for-you",
        "/profile",
        "/settings",
        `/users/${w.owner.id}`,
        "/edit-profile",
      ];
    case "owner":
      return [
        "/home",
        club,
        "/clubs/new",
        `/clubs/edit/${w.clubId}`,
        "/connections",
        "/recruiting",
        "/chats",
      ];
    case "admin":
      return [club, "/admin/owner-requests", "/admin/dummies", "/admin/reports", "/admin/audit", "/clubs"];
  }
}

function userFor(role: Role, w: A11yWorld): SeedUser | null {
  return role === "guest" ? null : w[role];
}

/** The page has its heading and nothing is still loading (skeletons keep the layout still). */
async function settle(page: Page) {
  await expect(page.locator("#main h1").first()).toBeVisible();
  // Checked every frame: expect's back-off waited up to half a second past the last skeleton,
  // on each of the sweep's 144 pages.
  await page.waitForFunction(
    () => !document.querySelector("#main [aria-busy='true'], #main .skeleton"),
    undefined,
    {
      timeout: 15_000,
    },
  );
}

/**
 * The WCAG rules, plus heading-order (best practice, but a skipped level loses screen-reader
 * users); the other best-practice rules are not asked for, as their findings never failed the
 * sweep. In the dark theme, the colour rules.
 */
function axeOptions(scheme: "light" | "dark"): RunOptions {
  if (scheme === "dark") return { runOnly: { type: "rule", values: COLOUR_RULES } };
  // axe runs a rule enabled in `rules` even when its tags are not among runOnly's.
  return {
    runOnly: { type: "tag", values: TAGS },
    rules: Object.fromEntries([...ALWAYS].map((id) => [id, { enabled: true }])),
  };
}

test("the dark theme swaps colour tokens only, so the dark sweep may check colours only", () => {
  const styles = join(import.meta.dirname, "../client/styles");
  const blocks = readdirSync(styles)
    .filter((name) => name.endsWith(".css"))
    .flatMap((name) => {
      const css = readFileSync(join(styles, name), "utf8");
      return [...css.matchAll(/@media \(prefers-color-scheme: dark\) \{([\s\S]*?)\n\}/g)].map((m) => ({
        name,
        body: m[1],
      }));
    });
  expect(blocks.map((b) => b.name)).toEqual(["tokens.css"]);
  const declarations = (blocks[0]?.body ?? "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split(";")
    .map((d) => d.replace(/^[\s\S]*\{/, "").trim())
    .filter((d) => d && d !== "}");
  expect(declarations.length).toBeGreaterThan(10);
  for (const declaration of declarations) expect(declaration).toMatch(/^--[a-z0-9-]+:/);
});

let world: A11yWorld | null = null;
const worldOnce = async () => {
  world ??= await seedA11yWorld();
  return world;
};

test.describe.configure({ mode: "parallel" });

for (const role of ["guest", "member", "owner", "admin"] as const) {
  for (const width of WIDTHS) {
    for (const scheme of SCHEMES) {
      test(`axe: ${role} at ${width} px, ${scheme} theme`, async ({ browser, baseURL }) => {
        // One page per route with axe on each: minutes on a loaded two-core machine.
        test.setTimeout(300_000);
        const w = await worldOnce();
        const context = await browser.newContext({
          baseURL,
          viewport: { width, height: width === 360 ? 780 : 800 },
          colorScheme: scheme,
          locale: "en-US",
          extraHTTPHeaders: { "accept-language": "en-US,en;q=0.9" },
          serviceWorkers: "block",
        });
        const page = await context.newPage();
        const user = userFor(role, w);
        if (user) await signIn(page, user.token);
        const found: string[] = [];
        for (const path of routesFor(role, w)) {
          await page.goto(path);
          await settle(page);
          const result = await runAxe(page, axeOptions(scheme));
          for (const v of result.violations) {
            const wcag = v.tags.some((tag) => TAGS.includes(tag));
            const serious = v.impact === "serious" || v.impact === "critical";
            if (!(wcag && serious) && !ALWAYS.has(v.id)) continue;
            const where = v.nodes.map(
              (n) =>
                `${n.target.join(" ")}: ${n.failureSummary?.split("\n")[1]?.trim()} ${n.html.slice(0, 160)}`,
            );
            found.push(`${path} [${v.impact}] ${v.id}: ${v.help}\n    ${where.slice(0, 5).join("\n    ")}`);
          }
          const slug = path.replace(/\/\d+/g, "/id").replace(/\W+/g, "-").replace(/^-|-$/g, "") || "landing";
          await keepScreenshot(page, { path: `e2e/screenshots/a11y/${role}-${slug}-${width}-${scheme}.png` });
        }
        await context.close();
        expect(found, `serious or critical axe violations (${role}, ${width} px, ${scheme})`).toEqual([]);
      });
    }
  }
}
