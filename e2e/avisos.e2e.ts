import { club, join, member, sendToClub } from "./support/community-seed";
import { expect, pageFor, refuseLive, SPANISH_PHONE, seed, shot, signIn, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * A club's Avisos channel (issue 48, "the club's own voice"): the owner, who cannot open the club
 * chat, writes on a laptop in English (1280 px); a member on a phone in Spanish (360 px) sees the
 * aviso arrive over the live connection, reacts by keyboard and has no composer; in the member's
 * list the club's Avisos comes first among its conversations.
 */
test.use(SPANISH_PHONE);
test.describe.configure({ timeout: 150_000 });

test("the owner posts an aviso; a member sees it live, reacts by keyboard and cannot write", async ({
  page,
  browser,
}) => {
  const owner = await member("owner");
  const me = await member();
  const room = await club(owner);
  await join(me, owner, room.id);
  await sendToClub(me, room.id, "Hola, ¿a qué hora es la reunión?");

  // The member opens Avisos first: nothing yet, no composer, a note saying who writes here.
  await signIn(page, me.token);
  await page.goto(`/chat/announcements/${room.id}`);
  await expect(page.locator('[data-live="up"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Todavía no hay avisos.")).toBeVisible();
  await expect(page.getByTestId("avisos-read-only")).toHaveText(
    "Solo el dueño y la directiva publican aquí. Podés reaccionar a los avisos.",
  );
  await expect(page.getByRole("textbox", { name: "Mensaje" })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Mensaje" })).toHaveCount(0);

  // The owner, on a laptop, writes by keyboard alone.
  const laptop = await pageFor(browser, owner);
  await laptop.goto(`/chat/announcements/${room.id}`);
  await expect(laptop.locator('[data-live="up"]')).toBeVisible({ timeout: 20_000 });
  await expect(laptop.getByText("No avisos yet. Write the first one: every member gets it.")).toBeVisible();
  const box = laptop.getByRole("combobox", { name: "Message" });
  await box.focus();
  await laptop.keyboard.type("La reunión se movió al jueves a las 4");
  await laptop.keyboard.press("Enter");
  await expect(laptop.getByTestId("chat-message").last()).toContainText(
    "La reunión se movió al jueves a las 4",
  );
  await expect(laptop.getByTestId("chat-message").last()).not.toHaveAttribute("data-pending", /.*/);

  // It reaches the phone over the live connection.
  const rows = page.getByTestId("chat-message");
  await expect(rows.last()).toContainText("La reunión se movió al jueves a las 4");
  await expect(page.locator('[data-live="up"]')).toBeVisible();

  // The phone's delivery read it: the owner's laptop hears it live and shows who has seen it.
  const seen = laptop.getByTestId("chat-message").last().getByRole("button", { name: "Seen by 1 person" });
  await expect(seen).toBeVisible({ timeout: 20_000 });
  await seen.focus();
  await laptop.keyboard.press("Enter");
  const readers = laptop.getByRole("dialog", { name: "Seen by" });
  await expect(readers.getByRole("listitem")).toHaveCount(1);
  await readers.getByRole("button", { name: "Close" }).click();
  await expect(readers).toHaveCount(0);

  // React by keyboard: the bubble's menu offers React (no Reply: members do not write here).
  const bubble = rows.last().locator("[data-bubble]");
  await bubble.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Acciones del mensaje" });
  await expect(menu.getByRole("menuitem", { name: "Reaccionar" })).toBeFocused();
  await expect(menu.getByRole("menuitem", { name: "Responder" })).toHaveCount(0);
  await page.keyboard.press("Enter");
  const picker = page.getByRole("menu", { name: "Reacciones" });
  await expect(picker.getByRole("menuitemcheckbox", { name: "Reaccionar con 👍" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(rows.last().locator(".reaction-chip")).toHaveCount(1);
  // The owner sees the reaction arrive live.
  await expect(laptop.getByTestId("chat-message").last().locator(".reaction-chip")).toContainText("1");

  await expectNoSeriousAxeViolations(page, "avisos, member's phone");
  await expectNoSeriousAxeViolations(laptop, "avisos, owner's laptop");
  await shot(page, "avisos-member");
  await shot(laptop, "avisos-owner");

  // In the member's list, the club's Avisos comes first among its conversations.
  await page.goto("/chats");
  await expect(page.getByTestId("conversation").filter({ hasText: `Avisos · ${room.name}` })).toHaveCount(1);
  const names = page.getByTestId("conversation").locator(".convo__name");
  const texts = await names.allInnerTexts();
  const avisosAt = texts.findIndex((text) => text.startsWith(`Avisos · ${room.name}`));
  const chatAt = texts.findIndex((text) => text.startsWith(room.name));
  expect(avisosAt).toBeGreaterThanOrEqual(0);
  expect(avisosAt).toBe(chatAt - 1);
  await expectNoSeriousAxeViolations(page, "chat list with Avisos");
  await shot(page, "avisos-list");
  await laptop.context().close();
});

test("the owner finds Avisos in the list although the club chat stays closed to them", async ({
  browser,
}) => {
  const owner = await member("owner");
  const room = await club(owner);
  const laptop = await pageFor(browser, owner);
  await laptop.goto("/chats");
  const row = laptop.getByTestId("conversation").filter({ hasText: `Avisos · ${room.name}` });
  await expect(row).toHaveCount(1);
  await row.focus();
  await laptop.keyboard.press("Enter");
  await expect(laptop).toHaveURL(new RegExp(`/chat/announcements/${room.id}$`));
  await expect(laptop.getByRole("combobox", { name: "Message" })).toBeVisible();
  await laptop.context().close();
});

test("Visto por N on a phone by polling: the owner sees who read the aviso; a member who opted out is not counted", async ({
  page,
}) => {
  const owner = await member("owner");
  const reader = await member();
  const quiet = await member();
  const room = await club(owner);
  await join(reader, owner, room.id);
  await join(quiet, owner, room.id);
  const optOut = await seed.call("/api/users/me/notification-settings", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ read_receipts: false }),
    token: quiet.token,
  });
  expect(optOut.status).toBe(200);
  await refuseLive(page);
  await signIn(page, owner.token);
  await page.goto(`/chat/announcements/${room.id}`);
  await expect(page.locator('[data-live="polling"]')).toBeVisible();
  await page.getByRole("combobox", { name: "Mensaje" }).fill("Traigan sus camisetas el sábado");
  await page.getByRole("combobox", { name: "Mensaje" }).press("Enter");
  const mine = page.getByTestId("chat-message").last();
  await expect(mine).not.toHaveAttribute("data-pending", /.*/);
  await expect(mine.getByTestId("read-state")).toHaveText("Enviado");

  for (const person of [quiet, reader]) {
    const read = await seed.call(`/api/messages/club/${room.id}/announcements`, { token: person.token });
    expect(read.status).toBe(200);
  }
  const seen = mine.getByRole("button", { name: "Visto por 1 persona" });
  await expect(seen).toBeVisible({ timeout: 20_000 });
  await seen.click();
  const readers = page.getByRole("dialog", { name: "Visto por" });
  await expect(readers.getByRole("listitem")).toHaveCount(1);
  // Opened from under a right-aligned 12 px line, the list still reads as a dialog: from the left, full size.
  const title = readers.getByRole("heading", { name: "Visto por" });
  expect(await title.evaluate((el) => getComputedStyle(el).textAlign)).toBe("start");
  expect(
    await readers.getByRole("listitem").evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
  ).toBeGreaterThanOrEqual(15);
  await expectNoSeriousAxeViolations(page, "avisos, who has seen it");
  await shot(page, "avisos-seen-by");
});

test("with WebSockets refused, a member still gets avisos by polling", async ({ page }) => {
  const owner = await member("owner");
  const me = await member();
  const room = await club(owner);
  await join(me, owner, room.id);
  await refuseLive(page);
  const polls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && request.url().includes(`/api/messages/club/${room.id}/announcements`))
      polls.push(request.url());
  });
  await signIn(page, me.token);
  await page.goto(`/chat/announcements/${room.id}`);
  await expect(page.locator('[data-live="polling"]')).toBeVisible();
  const sent = await seed.call(`/api/messages/club/${room.id}/announcements`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ content: "Sin WebSocket también llega" }),
    token: owner.token,
  });
  expect(sent.status).toBe(201);
  await expect(page.getByTestId("chat-message").last()).toContainText("Sin WebSocket también llega", {
    timeout: 15_000,
  });
  // The aviso may come with the thread's first read (sent while it loaded); the polls follow.
  await expect.poll(() => polls.some((url) => url.includes("after=")), { timeout: 10_000 }).toBe(true);
});
