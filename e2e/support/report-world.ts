import type { Locator, Page } from "@playwright/test";
import { club, comment, join, member, post, sendDirect, sendToClub } from "./community-seed";
import { expect, type SeedUser, seed, uniqueName } from "./fixtures";

/** A club with an owner, an author and a reporter in it, a post, a comment thread and chats. */
export async function reportWorld() {
  const owner = await member("owner");
  const author = await member();
  const reporter = await member();
  const c = await club(owner, uniqueName("Club Reportes "));
  await join(author, owner, c.id);
  await join(reporter, owner, c.id);
  const p = await post(owner, c.id, uniqueName("Feria "));
  const before = await comment(reporter, p.id, "Primer comentario del hilo");
  const bad = await comment(author, p.id, uniqueName("Comentario feo "));
  const after = await comment(reporter, p.id, "No digas eso");
  const direct = await sendDirect(author, reporter.id, uniqueName("Mensaje directo feo "));
  const clubText = uniqueName("Spam del club ");
  const clubMessage = await sendToClub(author, c.id, clubText);
  return {
    owner,
    author,
    reporter,
    clubId: c.id,
    post: p,
    comments: [before.body, bad.body, after.body] as { id: number; content: string }[],
    direct,
    clubMessage,
    clubText,
  };
}

export async function fileReport(user: SeedUser, body: Record<string, unknown>) {
  return seed.call("/api/reports", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ reason: "harassment", ...body }),
    token: user.token,
  });
}

/**
 * Opens the report dialog from `button` with the keyboard (or by `open`, such as choosing
 * Report in a ⋯ menu), picks a reason and sends it; the dialog then says what happens next,
 * with its title focused, and Tab, Enter on Done closes it.
 */
export async function reportWithKeyboard(
  page: Page,
  button: Locator | (() => Promise<void>),
  title: string,
  arrowDowns: number,
  details = "",
) {
  if (typeof button === "function") {
    await button();
  } else {
    await button.focus();
    await page.keyboard.press("Enter");
  }
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  // The first reason has focus; arrows move through the radio group and select.
  await page.keyboard.press("Space");
  for (let i = 0; i < arrowDowns; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  if (details) await page.keyboard.type(details);
  await page.keyboard.press("Tab");
  // A person to block is offered ("Also block …", left unticked) before Send.
  if (await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === "checkbox")) {
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter");
  await closeReportDone(page);
}

/** The sent report's "what happens next": its title has focus; Tab reaches Done, Enter closes it. */
export async function closeReportDone(page: Page) {
  const done = page.getByTestId("report-done");
  await expect(done).toBeVisible();
  await expect(done.getByRole("heading", { level: 2 })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(done).toBeHidden();
}
