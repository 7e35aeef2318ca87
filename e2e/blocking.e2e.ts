import { messages } from "../common/messages";
import { club, comment, join, member, post, sendDirect, sendToClub } from "./support/community-seed";
import { answerConfirm, chooseInMenu, menuItems } from "./support/confirm";
import { englishOnPage } from "./support/english-text";
import { expect, pageFor, seed, shot, signIn, sql, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Blocking (issue 16): from a profile, a chat message and a comment; direct messages stopped
 * both ways with the reason shown and the message box disabled; the blocker's club chat and
 * comments without the blocked person; the profile's list with Unblock restoring everything.
 * Also authors deleting their own comments and chat messages without losing what they typed.
 */
test.describe.configure({ timeout: 150_000 });

const es = messages("es");

async function named(userId: number, first: string, last: string) {
  await sql()`update users set first_name = ${first}, last_name = ${last} where id = ${userId}`;
}

test("block from a profile: direct messages stop both ways, the chat says why; Unblock on my profile restores them", async ({
  page,
  browser,
}) => {
  const ana = await member();
  const beto = await member();
  await named(ana.id, "Ana", "Blandón");
  await named(beto.id, "Beto", "Zeledón");
  await sendDirect(beto, ana.id, "Hola Ana, ¿vamos al club?");
  await signIn(page, ana.token);
  await page.setViewportSize({ width: 360, height: 740 });

  // Keyboard alone: from the Message link, Tab reaches Block (past Report); Enter blocks (after the confirm).
  await page.goto(`/users/${beto.id}`);
  const messageLink = page.getByRole("link", { name: "Message", exact: true });
  await messageLink.focus();
  const blockButton = page.getByRole("button", { name: "Block Beto Zeledón" });
  for (let tabs = 0; tabs < 3; tabs += 1) {
    await page.keyboard.press("Tab");
    if (await blockButton.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(blockButton).toBeFocused();
  await page.keyboard.press("Enter");
  // The app's own dialog: focus on its close button, then Cancel, then Block.
  await expect(page.locator("dialog.confirm-dialog")).toContainText("Beto Zeledón");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Unblock Beto Zeledón" })).toBeVisible();
  await expect(page.getByText("You blocked Beto Zeledón.")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "a blocked person's profile");

  // My chat with him: the reason, and the box is disabled.
  await page.goto(`/chat/user/${beto.id}`);
  await expect(page.getByText("You blocked this person, so you can't message each other.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  await expectNoSeriousAxeViolations(page, "a blocked chat");
  await shot(page, "blocking-chat-blocker");

  // His side: he is not told he was blocked, only that he cannot message me; the API says 403.
  const betoPage = await pageFor(browser, beto);
  await betoPage.goto(`/chat/user/${ana.id}`);
  await expect(betoPage.getByText("You can't send messages to this person.")).toBeVisible();
  await expect(betoPage.getByRole("textbox", { name: "Message" })).toBeDisabled();
  const refused = await seed.call(`/api/messages/user/${ana.id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ content: "¿Hola?" }),
    token: beto.token,
  });
  expect(refused).toEqual({ status: 403, body: { detail: "You can't send messages to this person." } });
  // Neither appears in the other's conversation list.
  for (const [user, other] of [
    [ana, beto],
    [beto, ana],
  ] as const) {
    const list = await seed.call("/api/messages/conversations", { token: user.token });
    expect(list.body.map((row: { id: number; type: string }) => `${row.type}:${row.id}`)).not.toContain(
      `user:${other.id}`,
    );
  }

  // Settings list him; Unblock with the keyboard.
  await page.goto("/settings");
  const blocked = page.getByTestId("blocked-person");
  await expect(blocked).toHaveCount(1);
  await expect(blocked).toContainText("Beto Zeledón");
  await expectNoSeriousAxeViolations(page, "my profile with a blocked person", ".safety");
  await page.getByRole("heading", { name: "Blocked people" }).scrollIntoViewIfNeeded();
  await shot(page, "blocking-profile-list");
  await blocked.getByRole("button", { name: "Unblock Beto Zeledón" }).press("Enter");
  await expect(page.getByText("You unblocked Beto Zeledón.")).toBeVisible();
  await expect(page.getByText("You haven't blocked anyone.")).toBeVisible();

  // Messages work again, both ways.
  await page.goto(`/chat/user/${beto.id}`);
  const box = page.getByRole("textbox", { name: "Message" });
  await expect(box).toBeEnabled();
  await box.fill("¡Claro que sí!");
  await box.press("Enter");
  await expect(page.getByTestId("chat-message").last()).toContainText("¡Claro que sí!");
  await betoPage.reload();
  await expect(betoPage.getByTestId("chat-message").last()).toContainText("¡Claro que sí!");
  await expect(betoPage.getByRole("textbox", { name: "Message" })).toBeEnabled();
  await betoPage.context().close();
});

test("block from a comment and from a club message: the blocker stops seeing them; Unblock brings them back", async ({
  page,
}) => {
  const owner = await member("owner");
  const ana = await member();
  const beto = await member();
  const carla = await member();
  await named(beto.id, "Beto", "Zeledón");
  await named(carla.id, "Carla", "Mairena");
  const theClub = await club(owner);
  for (const user of [ana, beto, carla]) await join(user, owner, theClub.id);
  const news = await post(owner, theClub.id, "Torneo de ajedrez");
  await comment(beto, news.id, "Yo llevo los tableros");
  await comment(carla, news.id, "Yo llevo la merienda");
  await sendToClub(beto, theClub.id, "Nos vemos el sábado");
  await sendToClub(carla, theClub.id, "Llego a las 9");
  await signIn(page, ana.token);
  await page.route("https://www.instagram.com/**", (route) => route.abort());

  // From a comment.
  await page.goto(`/clubs/${theClub.id}?tab=posts&post=${news.id}`);
  const dialog = page.getByTestId("post-dialog");
  await expect(dialog.getByTestId("comment")).toHaveCount(2);
  await expectNoSeriousAxeViolations(page, "comments with ⋯ menus", "[data-testid=post-dialog]");
  await chooseInMenu(
    dialog.getByTestId("comment").filter({ hasNotText: "Yo llevo la merienda" }),
    "Block Beto Zeledón",
  );
  await answerConfirm(page, true, "Beto Zeledón");
  await expect(dialog.getByTestId("comment")).toHaveCount(1);
  await expect(dialog.getByTestId("comment")).toContainText("Yo llevo la merienda");
  await page.reload();
  await expect(page.getByTestId("post-dialog").getByTestId("comment")).toHaveCount(1);

  // The club chat leaves him out too (the server filters it), and blocking Carla from her message.
  await page.goto(`/chat/club/${theClub.id}`);
  const bubbles = page.getByTestId("chat-message");
  await expect(bubbles).toHaveCount(1);
  await expect(bubbles).toContainText("Llego a las 9");
  await chooseInMenu(bubbles, "Block Carla Mairena");
  await answerConfirm(page, true, "Carla Mairena");
  await expect(bubbles).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("No messages yet. Say hello!")).toBeVisible();
  await expect(bubbles).toHaveCount(0);

  // Unblock both from /settings: comments and club messages come back.
  await page.goto("/settings");
  await expect(page.getByTestId("blocked-person")).toHaveCount(2);
  for (const name of ["Carla Mairena", "Beto Zeledón"]) {
    await page.getByRole("button", { name: `Unblock ${name}` }).press("Enter");
    await expect(page.getByText(`You unblocked ${name}.`)).toBeVisible();
  }
  await page.goto(`/chat/club/${theClub.id}`);
  await expect(bubbles).toHaveCount(2);
  await page.goto(`/clubs/${theClub.id}?tab=posts&post=${news.id}`);
  await expect(page.getByTestId("post-dialog").getByTestId("comment")).toHaveCount(2);
});

test("authors delete their own comment and chat messages after confirming, keeping what they were typing", async ({
  page,
}) => {
  const owner = await member("owner");
  const ana = await member();
  const beto = await member();
  const theClub = await club(owner);
  for (const user of [ana, beto]) await join(user, owner, theClub.id);
  const news = await post(owner, theClub.id, "Feria de libros");
  await comment(ana, news.id, "Comentario que me arrepiento");
  await comment(beto, news.id, "Comentario de Beto");
  await sendToClub(ana, theClub.id, "Mensaje equivocado");
  await sendToClub(beto, theClub.id, "Hola a todos");
  await sendDirect(ana, beto.id, "Mensaje directo equivocado");
  await signIn(page, ana.token);
  await page.route("https://www.instagram.com/**", (route) => route.abort());

  // A comment: No keeps it, Yes deletes it; only my own has Delete; the count follows.
  await page.goto(`/clubs/${theClub.id}?tab=posts&post=${news.id}`);
  const dialog = page.getByTestId("post-dialog");
  await expect(dialog.getByTestId("comment")).toHaveCount(2);
  const draft = dialog.getByLabel("Add a comment");
  await draft.fill("Esto lo estoy escribiendo");
  const mine = dialog.getByTestId("comment").filter({ hasText: "Comentario que me arrepiento" });
  const betos = dialog.getByTestId("comment").filter({ hasText: "Comentario de Beto" });
  expect(await menuItems(mine)).toEqual(["Delete comment"]);
  expect(await menuItems(betos)).toEqual(["Report", expect.stringMatching(/^Block /)]);
  await chooseInMenu(mine, "Delete comment");
  await answerConfirm(page, false, "Delete this comment?");
  await expect(dialog.getByTestId("comment")).toHaveCount(2);
  await chooseInMenu(mine, "Delete comment");
  await answerConfirm(page, true);
  await expect(dialog.getByTestId("comment")).toHaveCount(1);
  await expect(dialog.getByTestId("comment")).toContainText("Comentario de Beto");
  await expect(draft).toHaveValue("Esto lo estoy escribiendo");
  const stored = await seed.call(`/api/posts/${news.id}`, { token: ana.token });
  expect(stored.body.comment_count).toBe(1);

  // A club message: deleted for everyone; the message box keeps its text.
  await page.goto(`/chat/club/${theClub.id}`);
  const bubbles = page.getByTestId("chat-message");
  await expect(bubbles).toHaveCount(2);
  // A club chat's box is a combobox (the @ list of members).
  const box = page.getByRole("combobox", { name: "Message" });
  await box.fill("Lo que quería decir");
  const myBubble = bubbles.filter({ hasText: "Mensaje equivocado" });
  expect(await menuItems(myBubble)).toEqual(["React", "Reply", "Edit", "Delete message"]);
  await expectNoSeriousAxeViolations(page, "a club chat with ⋯ menus");
  await shot(page, "own-content-club-chat");
  await chooseInMenu(myBubble, "Delete message");
  await answerConfirm(page, true);
  // It stays as a tombstone everyone sees ("Message deleted"), its text gone.
  await expect(bubbles).toHaveCount(2);
  await expect(bubbles.first()).toContainText("Message deleted");
  await expect(bubbles.first()).not.toContainText("Mensaje equivocado");
  await expect(bubbles.last()).toContainText("Hola a todos");
  await expect(box).toHaveValue("Lo que quería decir");
  const room = await seed.call(`/api/messages/club/${theClub.id}`, { token: beto.token });
  expect(room.body.map((m: { content: string; deleted: boolean }) => [m.content, m.deleted])).toEqual([
    ["", true],
    ["Hola a todos", false],
  ]);

  // A direct message.
  await page.goto(`/chat/user/${beto.id}`);
  await chooseInMenu(page.getByTestId("chat-message"), "Delete message");
  await answerConfirm(page, true);
  await expect(page.getByTestId("chat-message")).toContainText("Message deleted");
  const direct = await seed.call(`/api/messages/user/${ana.id}`, { token: beto.token });
  expect(direct.body.map((m: { content: string; deleted: boolean }) => [m.content, m.deleted])).toEqual([
    ["", true],
  ]);
});

test("in Spanish: the profile's safety part and a blocked chat, at 360 and 1280 px", async ({ browser }) => {
  const ana = await member();
  const beto = await member();
  await named(beto.id, "Beto", "Zeledón");
  await seed.call(`/api/blocks/${beto.id}`, { method: "PUT", token: ana.token });
  const page = await pageFor(browser, ana, "es-NI");
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: es.safetyPage.blockedTitle })).toBeVisible();
  await expect(page.getByRole("button", { name: "Desbloquear a Beto Zeledón" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await englishOnPage(page), "profile: English on a Spanish page").toEqual([]);
  await expectNoSeriousAxeViolations(page, "Spanish profile", ".safety");
  await page.getByRole("heading", { name: es.safetyPage.blockedTitle }).scrollIntoViewIfNeeded();
  await shot(page, "blocking-profile-es");
  await page.goto(`/chat/user/${beto.id}`);
  await expect(page.getByText(es.safetyPage.chatBlockedByMe)).toBeVisible();
  expect(await englishOnPage(page), "chat: English on a Spanish page").toEqual([]);
  await shot(page, "blocking-chat-es");
  await page.context().close();
});
