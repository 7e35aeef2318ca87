import type { Page } from "@playwright/test";
import { member } from "./support/community-seed";
import { expect, hydrated, pageFor, seed, signIn, test } from "./support/fixtures";
import { shootScreen } from "./support/screen-shots";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Notification settings a person can read (issue 50): rows in groups (Chats, Clubs, Eventos, …)
 * with a switch per group that turns its rows on or off and shows a mixed state, and only the
 * rows that can reach the person's role.
 */
test.describe.configure({ timeout: 120_000 });
test.use({
  viewport: { width: 360, height: 780 },
  locale: "es-NI",
  extraHTTPHeaders: { "accept-language": "es-NI,es;q=0.9" },
});

test("a member and an owner see different rows; a group's switch sets its rows and shows a mix", async ({
  page,
  browser,
}) => {
  const student = await member();
  await signIn(page, student.token);
  await page.goto("/settings/notifications");
  await hydrated(page);
  const groups = page.locator("table.notice-settings__kinds");
  await expect(groups).toHaveCount(4);
  // Nothing scrolls sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
  await expect(page.getByRole("table", { name: "Chats" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Eventos" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Clubes que dirigís" })).toHaveCount(0);
  for (const hidden of [
    "Push para: Nuevas solicitudes para unirse (dueños)",
    "Push para: Comentarios en publicaciones de mi club (dueños)",
    "Push para: Me silenciaron",
    "Push para: Me suspendieron",
  ])
    await expect(page.getByRole("switch", { name: hidden })).toHaveCount(0);
  await expect(
    page.getByRole("switch", { name: "Push para: Aprobaron mi solicitud de dueño" }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page, "grouped notification settings (es, 360 px, member)");

  // The Eventos group off for push: every row of it goes off, and stays off after a reload.
  const eventsPush = page.getByRole("checkbox", { name: "Push para todo en Eventos" });
  await expect(eventsPush).toBeChecked();
  await eventsPush.click();
  const eventRows = page.getByRole("table", { name: "Eventos" }).getByRole("switch", { name: /^Push para:/ });
  await expect(eventRows).toHaveCount(3);
  for (const row of await eventRows.all()) await expect(row).not.toBeChecked();
  await expect(eventsPush).not.toBeChecked();
  // One row back on: the group says it is mixed (aria-checked="mixed" and in words).
  await eventRows.first().click();
  await expect(eventRows.first()).toBeChecked();
  await expect(eventsPush).toHaveAttribute("aria-checked", "mixed");
  await expect(page.getByRole("table", { name: "Eventos" }).getByText("Algunas activadas")).toBeVisible();
  // A mixed group's switch turns every row on.
  await eventsPush.click();
  for (const row of await eventRows.all()) await expect(row).toBeChecked();
  await eventsPush.click();
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("checkbox", { name: "Push para todo en Eventos" })).not.toBeChecked();
  const saved = await seed.call("/api/users/me/notification-settings", { token: student.token });
  expect(saved.body.kinds.event_moved.push).toBe(false);
  expect(saved.body.kinds.event_promoted.push).toBe(false);
  expect(saved.body.kinds.club_post.push).toBe(true);

  // An owner sees the clubs they run and not the answer to an owner request.
  const owner = await member("owner");
  const ownerPage = await pageFor(browser, owner, "es-NI");
  await ownerPage.setViewportSize({ width: 360, height: 780 });
  await ownerPage.goto("/settings/notifications");
  await expect(ownerPage.locator("table.notice-settings__kinds")).toHaveCount(5);
  const running = ownerPage.getByRole("table", { name: "Clubes que dirigís" });
  await expect(running.getByRole("switch", { name: /^Push para:/ })).toHaveCount(2);
  await expect(
    ownerPage.getByRole("switch", { name: "Push para: Aprobaron mi solicitud de dueño" }),
  ).toHaveCount(0);
  await expect(ownerPage.getByRole("switch", { name: "Push para: Me silenciaron" })).toHaveCount(0);
  await ownerPage.context().close();

  // Each shot once the groups are drawn (the route's code may still be arriving).
  const drawn = async (shotPage: Page) => {
    await shotPage.locator("table.notice-settings__kinds").first().waitFor();
  };
  await shootScreen(browser, {
    name: "notice-settings-member",
    path: "/settings/notifications",
    user: student,
    prepare: drawn,
  });
  await shootScreen(browser, {
    name: "notice-settings-owner",
    path: "/settings/notifications",
    user: owner,
    prepare: drawn,
  });
});
