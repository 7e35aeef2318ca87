import type { Page } from "@playwright/test";
import { type Locale, messages } from "../common/messages";
import { member } from "./support/community-seed";
import { expect, pageFor, seed, shot, sql, test } from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Admin screens in words (issue 38): the audit log as sentences in the reader's language with
 * how long ago and the exact time on hover and focus, filters named in words; the floating Admin
 * panel button steps aside while scrolling and leaves the page's foot free; the "D H M" ban entry
 * says what it means and offers quick picks. 360 px Spanish and 1280 px English, keyboard only.
 */
test.describe.configure({ timeout: 120_000 });

async function noSidewaysScroll(page: Page, where: string) {
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits, `${where}: no horizontal overflow`).toBe(true);
}

const WORDS = {
  es: {
    sentence: "Ana López suspendió a Jorge Pérez por 1 día",
    action: "Acción",
    bans: "Suspensiones",
    means: "Significa: 1 día, 0 horas, 0 minutos",
    week: "7 días",
    weekMeans: "Significa: 7 días, 0 horas, 0 minutos",
  },
  en: {
    sentence: "Ana López banned Jorge Pérez for 1 day",
    action: "Action",
    bans: "Bans",
    means: "Means: 1 day, 0 hours, 0 minutes",
    week: "7 days",
    weekMeans: "Means: 7 days, 0 hours, 0 minutes",
  },
} as const;

for (const { lang, locale, width } of [
  { lang: "es" as Locale, locale: "es-NI", width: 360 },
  { lang: "en" as Locale, locale: "en-US", width: 1280 },
]) {
  test(`the audit log in words, the Admin button out of the way, D H M explained (${lang}, ${width} px)`, async ({
    browser,
  }) => {
    const w = WORDS[lang];
    const t = messages(lang);
    const ana = await member("admin");
    const jorge = await member();
    await sql()`update users set first_name = 'Ana', last_name = 'López' where id = ${ana.id}`;
    await sql()`update users set first_name = 'Jorge', last_name = 'Pérez' where id = ${jorge.id}`;
    const banned = await seed.call(`/api/admin/users/${jorge.id}/ban?ban=true&days=1`, {
      method: "PATCH",
      token: ana.token,
    });
    expect(banned.status).toBe(200);
    // Enough entries to scroll on a phone.
    for (let i = 0; i < 8; i++) {
      await seed.call(`/api/admin/users/${jorge.id}/mute?mute=${i % 2 === 0}&days=1`, {
        method: "PATCH",
        token: ana.token,
      });
    }

    const page = await pageFor(browser, ana, locale);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: t.auditPage.title })).toBeVisible();

    // Filters in words, chosen from the keyboard.
    const action = page.getByLabel(w.action, { exact: true });
    // Exactly this option ("Suspensiones levantadas" is another one).
    await expect(action.locator("option").filter({ hasText: new RegExp(`^${w.bans}$`) })).toHaveCount(1);
    await page.getByLabel(t.auditPage.actor).focus();
    await page.keyboard.type(ana.username);
    await action.focus();
    await action.selectOption({ label: w.bans });
    await page.keyboard.press("Tab");
    await page.getByLabel(t.auditPage.targetId).focus();
    await page.keyboard.type(String(jorge.id));
    await page.keyboard.press("Enter");
    const entries = page.getByTestId("audit-entry");
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(w.sentence);
    await expect(entries.first()).not.toContainText("user.ban");
    await expect(entries.first()).not.toContainText("T10:");

    // Relative time, the exact time on hover (title) and on focus (shown beside it).
    const time = entries.first().locator("time");
    const exact = await time.getAttribute("title");
    expect(exact).toMatch(/2026|2027/);
    await time.focus();
    const after = await time.evaluate((el) => getComputedStyle(el, "::after").content);
    expect(after).toContain(exact ?? "");
    await noSidewaysScroll(page, "audit log");
    await expectNoSeriousAxeViolations(page, "audit log in words");
    await shot(page, `craft-audit-${lang}`);

    // The whole log: scrolling down tucks the Admin button away; at the foot it is back and
    // covers nothing (the page keeps room for it).
    await page.getByRole("button", { name: t.auditPage.clear }).click();
    await expect(entries).not.toHaveCount(1);
    const fab = page.locator(".admin-fab");
    if (width === 360) {
      // At rest on a phone it is one round tap target, still named for screen readers, and
      // nothing the admin can press lies under it.
      const resting = await fab.boundingBox();
      expect(resting?.width ?? 0).toBeLessThanOrEqual(48);
      await expect(fab).toHaveAccessibleName(t.adminPages.openPanel);
      const covered = await page.evaluate(() => {
        const f = document.querySelector(".admin-fab")!.getBoundingClientRect();
        return [
          ...document.querySelectorAll<HTMLElement>(
            "main a, main button, main input, main select, main [tabindex]",
          ),
        ]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            const x = r.left + r.width / 2;
            const y = r.top + r.height / 2;
            return r.width > 0 && x >= f.left && x <= f.right && y >= f.top && y <= f.bottom;
          })
          .map((el) => el.outerHTML.slice(0, 80));
      });
      expect(covered, "nothing pressable under the resting Admin button").toEqual([]);
      await page.mouse.wheel(0, 300);
      await expect(fab).toHaveAttribute("data-tucked", "true");
      await page.mouse.wheel(0, -200);
      await expect(fab).not.toHaveAttribute("data-tucked");
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(fab).not.toHaveAttribute("data-tucked");
    const fabBox = await fab.boundingBox();
    for (const button of await page.locator(".audit-paging button").all()) {
      const box = await button.boundingBox();
      if (!fabBox || !box) continue;
      const overlap =
        box.x < fabBox.x + fabBox.width &&
        fabBox.x < box.x + box.width &&
        box.y < fabBox.y + fabBox.height &&
        fabBox.y < box.y + box.height;
      expect(overlap, "the Admin button covers no paging button").toBe(false);
    }

    // D H M in the Admin panel: a labelled preview of what it means and quick picks.
    await fab.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: t.adminPages.panelTitle });
    await panel.getByLabel(t.adminPages.searchLabel).fill(jorge.username);
    const row = panel.getByTestId("admin-user").filter({ hasText: jorge.username });
    await expect(row).toHaveCount(1);
    const dhm = row.locator("input.admin-user__duration");
    await dhm.fill("1 0 0");
    await expect(row.getByTestId("duration-meaning")).toHaveText(w.means);
    await row.getByRole("button", { name: w.week, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(dhm).toHaveValue("7 0 0");
    await expect(row.getByTestId("duration-meaning")).toHaveText(w.weekMeans);
    await expectNoSeriousAxeViolations(page, "admin panel with D H M help");
    await noSidewaysScroll(page, "admin panel");
    await keepScreenshot(page, { path: `e2e/screenshots/craft-admin-panel-${lang}-${width}.png` });
    await page.context().close();
  });
}
