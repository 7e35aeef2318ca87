import { clubChat, expectMenuWhole, sendRequests } from "./support/chat-bubbles-world";
import { expect, SPANISH_PHONE, signIn, test } from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Chat bubbles (issue 48), against what today's server offers: runs of messages grouped under
 * one name and picture, the menu on a bubble (keyboard, right-click, the ⋯ button) placed whole
 * above the composer, and the outbox ("Sending…", a failure to retry with the same client_id,
 * kept across a reload).
 */
test.describe.configure({ timeout: 150_000 });

test.describe("on a phone in Spanish", () => {
  test.use(SPANISH_PHONE);

  test("grouped runs, the last message's menu above the composer, the outbox and its retry", async ({
    page,
  }) => {
    const { room, me } = await clubChat();
    await signIn(page, me.token);
    const bodies = await sendRequests(page);
    await page.goto(`/chat/club/${room.id}`);
    const rows = page.getByTestId("chat-message");
    await expect(rows).toHaveCount(15);

    // Beto's three in a row: one name and one picture, at the start of the run.
    await expect(rows.nth(0).locator(".bubble__sender")).toHaveText("Beto Zeledón");
    await expect(rows.nth(1).locator(".bubble__sender")).toHaveCount(0);
    await expect(rows.nth(2).locator(".bubble__sender")).toHaveCount(0);
    await expect(rows.nth(3).locator(".bubble__sender")).toHaveCount(1);
    await expect(rows.nth(4).locator(".bubble__sender")).toHaveCount(1);
    await expect(page.locator(".bubble-row__avatar .avatar")).toHaveCount(13);
    // The time sits inside the bubble, no ⋯ row under it.
    await expect(rows.nth(0).locator(".bubble .bubble__time")).toBeVisible();
    await expect(page.locator(".bubble__actions")).toHaveCount(0);
    await page.getByTestId("message-list").evaluate((el) => {
      el.scrollTop = 0;
    });
    await keepScreenshot(page, { path: "e2e/screenshots/chat-bubbles-runs-phone-es.png" });

    // Keyboard: the list is one Tab stop (the newest bubble); Enter opens its menu.
    const last = rows.last().locator("[data-bubble]");
    await expect(last).toHaveAttribute("tabindex", "0");
    await expect(rows.first().locator("[data-bubble]")).toHaveAttribute("tabindex", "-1");
    await last.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Acciones del mensaje" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await expect(menu.getByRole("menuitem", { name: "Bloquear a Beto Zeledón" })).toBeVisible();
    await expectMenuWhole(page, menu);
    await expectNoSeriousAxeViolations(page, "chat bubble menu (es, 360)");
    await keepScreenshot(page, { path: "e2e/screenshots/chat-bubbles-menu-phone-es.png" });
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(last).toBeFocused();
    // A finger resting on a bubble opens the same menu (long-press).
    const rest = rows.nth(12).locator("[data-bubble]");
    const at = await rest.boundingBox();
    await rest.dispatchEvent("pointerdown", {
      pointerType: "touch",
      isPrimary: true,
      clientX: at!.x + 10,
      clientY: at!.y + 10,
    });
    await expect(menu).toBeVisible();
    await rest.dispatchEvent("pointerup", { pointerType: "touch", isPrimary: true });
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await expectMenuWhole(page, menu);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await last.focus();
    // Arrows move between bubbles.
    await page.keyboard.press("ArrowUp");
    await expect(rows.nth(13).locator("[data-bubble]")).toBeFocused();

    // The outbox: shown at once as "Enviando…", then the server's message in its place.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/messages/club/*", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await held;
      await route.fallback();
    });
    const box = page.getByRole("combobox", { name: "Mensaje" });
    await box.fill("Llego a las 9");
    await box.press("Enter");
    await expect(box).toHaveValue("");
    const pending = rows.last();
    await expect(pending).toHaveAttribute("data-pending", "sending");
    await expect(pending).toContainText("Enviando…");
    await keepScreenshot(page, { path: "e2e/screenshots/chat-bubbles-sending-phone-es.png" });
    release();
    await expect(rows.last()).not.toHaveAttribute("data-pending", /.*/);
    await expect(rows.last().locator(".bubble__text")).toHaveText("Llego a las 9");
    await expect(rows).toHaveCount(16);
    await page.unroute("**/api/messages/club/*");
    expect(bodies.at(-1)?.client_id).toMatch(/^[0-9a-f-]{36}$/);

    // A lost signal: "No enviado · Reintentar", kept across a reload, resent with the same client_id.
    await page.route("**/api/messages/club/*", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
    );
    await box.fill("¿Alguien tiene la lista?");
    await box.press("Enter");
    const retry = page.getByRole("button", { name: "No enviado · Reintentar" });
    await expect(retry).toBeVisible();
    await expect(rows.last()).toHaveAttribute("data-pending", "failed");
    await keepScreenshot(page, { path: "e2e/screenshots/chat-bubbles-failed-phone-es.png" });
    const firstTry = bodies.at(-1)?.client_id;
    await page.reload();
    await expect(retry).toBeVisible();
    await expect(rows.last()).toContainText("¿Alguien tiene la lista?");
    await page.unroute("**/api/messages/club/*");
    await retry.click();
    await expect(rows.last().locator(".bubble__text")).toHaveText("¿Alguien tiene la lista?");
    await expect(rows.last()).not.toHaveAttribute("data-pending", /.*/);
    await expect(retry).toHaveCount(0);
    expect(bodies.at(-1)?.client_id).toBe(firstTry);
    // Nothing left on the phone once sent.
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith("clubnica.outbox.")),
      ),
    ).toEqual([]);
    await expect(page.locator("html")).toHaveJSProperty("scrollWidth", 360);
    await keepScreenshot(page, { path: "e2e/screenshots/chat-bubbles-phone-es.png" });
  });
});

test("on a laptop in English: right-click and the ⋯ button open the menu, whole above the composer", async ({
  page,
}) => {
  const { room, me } = await clubChat();
  await signIn(page, me.token);
  await page.goto(`/chat/club/${room.id}`);
  const rows = page.getByTestId("chat-message");
  await expect(rows).toHaveCount(15);
  const menu = page.getByRole("menu", { name: "Message actions" });

  // Right-click on the last message (just over the composer): the menu flips upward.
  await rows.last().locator("[data-bubble]").click({ button: "right" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem")).toHaveText(["React", "Reply", "Report", "Block Beto Zeledón"]);
  await expectMenuWhole(page, menu);
  const bubbleBox = await rows.last().locator("[data-bubble]").boundingBox();
  const menuBox = await menu.boundingBox();
  expect(menuBox!.y + menuBox!.height).toBeLessThanOrEqual(bubbleBox!.y);
  await keepScreenshot(page, { path: "e2e/screenshots/chat-bubbles-menu-desktop-en.png" });
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);

  // The ⋯ button shows on hover and toggles the menu; the first message's opens below it.
  await rows.first().hover();
  const more = rows.first().getByRole("button", { name: "More actions" });
  await expect(more).toHaveCSS("opacity", "1");
  await more.click();
  await expect(menu).toBeVisible();
  const firstBox = await rows.first().locator("[data-bubble]").boundingBox();
  expect((await menu.boundingBox())!.y).toBeGreaterThanOrEqual(firstBox!.y + firstBox!.height);
  await more.click();
  await expect(menu).toHaveCount(0);

  // Keyboard: Shift+F10 on a bubble opens it too; Escape gives focus back.
  const bubble = rows.nth(2).locator("[data-bubble]");
  await bubble.focus();
  await page.keyboard.press("Shift+F10");
  await expect(menu).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem").nth(1)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(bubble).toBeFocused();

  // My own message: Delete in its menu; sent through the outbox.
  const box = page.getByRole("combobox", { name: "Message" });
  await box.fill("See you Saturday");
  await box.press("Enter");
  await expect(rows.last().locator(".bubble__text")).toHaveText("See you Saturday");
  await expect(rows.last()).not.toHaveAttribute("data-pending", /.*/);
  await rows.last().locator("[data-bubble]").click({ button: "right" });
  await expect(menu.getByRole("menuitem")).toHaveText(["React", "Reply", "Edit", "Delete message"]);
  await expectNoSeriousAxeViolations(page, "chat bubble menu (en, 1280)");
  await page.keyboard.press("Escape");
  await keepScreenshot(page, { path: "e2e/screenshots/chat-bubbles-desktop-en.png" });
});
