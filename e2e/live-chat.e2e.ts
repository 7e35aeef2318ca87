import { contacts, member } from "./support/community-seed";
import { expect, pageFor, SPANISH_PHONE, signIn, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * The live connection (issue 48, docs/live.md): two people in one chat, a student's phone in
 * Spanish at 360 px and a laptop in English at 1280 px. A message reaches the other side with
 * no poll made; typing shows; and with WebSockets refused (a proxy without them) the chat still
 * works by polling.
 */
test.use(SPANISH_PHONE);
test.describe.configure({ timeout: 120_000 });

/** Chat, badge and bell polls this page makes (the live connection makes them unnecessary). */
function pollsOf(page: import("@playwright/test").Page) {
  const polls: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (request.method() === "GET" && /\/api\/(messages\/(user|club)\/\d+|notifications)/.test(url))
      polls.push(url);
  });
  return polls;
}

test("a message reaches the other phone over the live connection, with no poll", async ({
  page,
  browser,
}) => {
  const me = await member();
  const friend = await member();
  await contacts(me, friend);
  await signIn(page, me.token);
  await page.goto(`/chat/user/${friend.id}`);
  await expect(page.locator('[data-live="up"]')).toBeVisible({ timeout: 20_000 });

  const laptop = await pageFor(browser, friend);
  await laptop.goto(`/chat/user/${me.id}`);
  await expect(laptop.locator('[data-live="up"]')).toBeVisible({ timeout: 20_000 });

  const polls = pollsOf(page);
  const box = laptop.getByRole("textbox", { name: "Message" });
  await box.fill("¿Vamos al ensayo del sábado?");
  await box.press("Enter");
  await expect(page.getByTestId("chat-message").last()).toContainText("¿Vamos al ensayo del sábado?");
  // Two poll periods go by: none may be made while the socket is up.
  await page.waitForTimeout(4500);
  expect(polls).toEqual([]);

  // Typing on the phone shows on the laptop.
  await page.getByRole("textbox", { name: "Mensaje" }).pressSequentially("Sí, ahí", { delay: 40 });
  await expect(laptop.getByText(/is typing…/)).toBeVisible();
  await page.getByRole("textbox", { name: "Mensaje" }).press("Enter");
  await expect(laptop.getByTestId("chat-message").last()).toContainText("Sí, ahí");

  await expectNoSeriousAxeViolations(page, "live chat, phone");
  await expectNoSeriousAxeViolations(laptop, "live chat, laptop");
  await laptop.context().close();
});

test("with WebSockets refused, the chat works by polling and nobody notices", async ({ page, browser }) => {
  const me = await member();
  const friend = await member();
  await contacts(me, friend);
  // A proxy that does not pass the upgrade: every attempt closes at once.
  await page.routeWebSocket(/\/api\/live/, (ws) => ws.close());
  await signIn(page, me.token);
  await page.goto(`/chat/user/${friend.id}`);
  await expect(page.locator('[data-live="polling"]')).toBeVisible();
  const polls = pollsOf(page);

  const laptop = await pageFor(browser, friend);
  await laptop.goto(`/chat/user/${me.id}`);
  const box = laptop.getByRole("textbox", { name: "Message" });
  await box.fill("Te escribo aunque no haya WebSocket");
  await box.press("Enter");
  await expect(page.getByTestId("chat-message").last()).toContainText("Te escribo aunque no haya WebSocket", {
    timeout: 15_000,
  });
  expect(polls.some((url) => url.includes(`/api/messages/user/${friend.id}`))).toBe(true);
  await expect(page.locator('[data-live="polling"]')).toBeVisible();
  await laptop.context().close();
});
