import type { Locator, Page } from "@playwright/test";
import { club, join, member, sendToClub } from "./support/community-seed";
import { answerConfirm } from "./support/confirm";
import { feedCard } from "./support/feed-seed";
import {
  expect,
  hydrated,
  pageFor,
  type SeedUser,
  seed,
  shot,
  sql,
  test,
  uniqueName,
} from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Issue 49, officers on the screens their permissions open, keyboard only: on a 360 px phone in
 * Spanish an officer with accept_requests (a member account) goes from the club page to its
 * join requests and accepts one; at 1280 px in English an officer with moderate_chat pins a
 * message from the bubble's menu, and another member sees it on top of the chat and jumps to it;
 * on a 360 px phone in Spanish an officer with post edits an event from its card on /home.
 */
test.describe.configure({ timeout: 150_000 });

async function officer(
  owner: SeedUser,
  clubId: number,
  user: SeedUser,
  title: string,
  permissions: string[],
) {
  const res = await seed.call(`/api/clubs/${clubId}/officers/${user.id}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title, permissions }),
    token: owner.token,
  });
  if (res.status !== 200) throw new Error(`naming failed: ${res.status} ${JSON.stringify(res.body)}`);
}

async function named(user: SeedUser, first: string, last: string) {
  await sql()`update users set first_name = ${first}, last_name = ${last} where id = ${user.id}`;
}

/** Moves focus down the open menu to `item` and picks it with Enter. */
async function pick(page: Page, menu: Locator, item: string) {
  const wanted = menu.getByRole("menuitem", { name: item, exact: true });
  await expect(wanted).toHaveCount(1);
  for (let step = 0; step < 8; step += 1) {
    if (await wanted.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press("ArrowDown");
  }
  await expect(wanted).toBeFocused();
  await page.keyboard.press("Enter");
}

test("an officer with accept_requests accepts a join request from the club page (es-NI, 360 px)", async ({
  browser,
}) => {
  const owner = await member("owner");
  const ana = await member();
  const carlos = await member();
  const theClub = await club(owner);
  await join(ana, owner, theClub.id);
  await named(ana, "Ana", "Reyes");
  await named(carlos, "Carlos", "Mejía");
  await officer(owner, theClub.id, ana, "Vicepresidenta", ["accept_requests"]);
  const asked = await seed.call(`/api/connection-requests?club_id=${theClub.id}`, {
    method: "POST",
    token: carlos.token,
  });
  expect(asked.status).toBe(201);

  const page = await pageFor(browser, ana, "es-NI");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/clubs/${theClub.id}`);
  await hydrated(page);
  const tools = page.getByRole("navigation", { name: "Herramientas de la Directiva" });
  // No edit_club: no way to the edit page.
  await expect(tools.getByRole("link", { name: "Editar la página del club" })).toHaveCount(0);
  const link = tools.getByRole("link", { name: "Solicitudes para unirse" });
  await link.focus();
  await page.keyboard.press("Enter");
  const requests = page.getByTestId("club-requests");
  await expect(requests.getByRole("heading", { name: "Solicitudes para unirse" })).toBeVisible();
  const accept = requests.getByRole("button", { name: `Aceptar a Carlos Mejía en ${theClub.name}` });
  await accept.focus();
  await page.keyboard.press("Enter");
  await expect(requests.getByText("Carlos Mejía ya es miembro.")).toBeVisible();
  await expect(page.locator(".member-list__name", { hasText: "Carlos Mejía" })).toBeVisible();
  const rows =
    await sql()`select 1 from club_members where club_id = ${theClub.id} and user_id = ${carlos.id}`;
  expect(rows.length).toBe(1);
  // Removing members is hers too: each member has a Remove button.
  await expect(page.getByRole("button", { name: "Quitar a Carlos Mejía del club" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "officer's join requests (es, 360)");
  await shot(page, "officer-requests-es");
});

test("an officer with moderate_chat pins a message; a member sees it on top and jumps to it (en, 1280 px)", async ({
  browser,
}) => {
  const owner = await member("owner");
  const beto = await member();
  const carla = await member();
  const dani = await member();
  const theClub = await club(owner);
  for (const user of [beto, carla, dani]) await join(user, owner, theClub.id);
  await named(beto, "Beto", "Zeledón");
  await named(carla, "Carla", "Pérez");
  await named(dani, "Dani", "Ruiz");
  await officer(owner, theClub.id, beto, "Moderator", ["moderate_chat"]);
  await sendToClub(carla, theClub.id, "Meeting on Saturday at 9 in room 4");
  for (let i = 1; i <= 24; i += 1) await sendToClub(i % 2 ? dani : carla, theClub.id, `Chat line ${i}`);
  await sendToClub(dani, theClub.id, "See you all there");

  // Dani has the chat open before anything is pinned: the pin arrives live.
  const daniPage = await pageFor(browser, dani);
  await daniPage.goto(`/chat/club/${theClub.id}`);
  await hydrated(daniPage);
  await expect(daniPage.getByTestId("chat-message")).toHaveCount(26);
  await expect(daniPage.locator("[data-live='up']")).toBeVisible();

  const betoPage = await pageFor(browser, beto);
  await betoPage.goto(`/chat/club/${theClub.id}`);
  await hydrated(betoPage);
  const rows = betoPage.getByTestId("chat-message");
  await expect(rows).toHaveCount(26);
  // Keyboard: the newest bubble is the list's Tab stop; arrows move up to the meeting message.
  const newest = rows.last().locator("[data-bubble]");
  await newest.focus();
  const target = rows.filter({ hasText: "Meeting on Saturday" }).locator("[data-bubble]");
  for (let step = 0; step < 30; step += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await betoPage.keyboard.press("ArrowUp");
  }
  await expect(target).toBeFocused();
  await betoPage.keyboard.press("Enter");
  const menu = betoPage.getByRole("menu", { name: "Message actions" });
  await expect(menu).toBeVisible();
  // A moderator may also delete someone else's message from here.
  await expect(menu.getByRole("menuitem", { name: "Delete message" })).toBeVisible();
  await pick(betoPage, menu, "Pin");
  const banner = betoPage.getByTestId("pinned-message");
  await expect(banner).toContainText("Meeting on Saturday at 9 in room 4");
  await expect(banner.getByRole("button", { name: "Unpin" })).toBeVisible();
  await expectNoSeriousAxeViolations(betoPage, "moderator's chat with a pin (en, 1280)");

  const daniBanner = daniPage.getByTestId("pinned-message");
  await expect(daniBanner).toContainText("Pinned · Carla Pérez");
  await expect(daniBanner.getByRole("button", { name: "Unpin" })).toHaveCount(0);
  const jump = daniBanner.getByRole("button", { name: /^Pinned · Carla Pérez Meeting on Saturday/ });
  await jump.focus();
  await daniPage.keyboard.press("Enter");
  const pinnedBubble = daniPage
    .getByTestId("chat-message")
    .filter({ hasText: "Meeting on Saturday" })
    .locator("[data-bubble]");
  await expect(pinnedBubble).toBeFocused();
  await expect(pinnedBubble).toBeInViewport();
  await expectNoSeriousAxeViolations(daniPage, "member's chat with a pin (en, 1280)");
  await keepScreenshot(daniPage, { path: "e2e/screenshots/chat-pinned-desktop-en.png" });
  await daniPage.setViewportSize({ width: 360, height: 740 });
  await keepScreenshot(daniPage, { path: "e2e/screenshots/chat-pinned-phone-en.png" });

  // The moderator deletes another member's message from the same menu (asked first): the
  // newest, the list's Tab stop again.
  const line = rows.last().locator("[data-bubble]");
  await expect(line).toContainText("See you all there");
  await line.focus();
  await betoPage.keyboard.press("Enter");
  await pick(betoPage, betoPage.getByRole("menu", { name: "Message actions" }), "Delete message");
  await answerConfirm(betoPage, true);
  await expect(rows.filter({ hasText: "See you all there" })).toHaveCount(0);
  const [audit] = await sql()<{ n: number }[]>`
    select count(*)::int as n from audit_log where actor_id = ${beto.id} and action in ('message.pin', 'message.delete')`;
  expect(audit!.n).toBe(2);
});

test("an officer with post edits an event from its card on the home feed (es-NI, 360 px)", async ({
  browser,
}) => {
  const owner = await member("owner");
  const elena = await member();
  const theClub = await club(owner);
  await join(elena, owner, theClub.id);
  await named(elena, "Elena", "Torres");
  await officer(owner, theClub.id, elena, "Secretaria de prensa", ["post"]);
  const title = uniqueName("Feria de ciencias ");
  const [event] = await sql()<{ id: number }[]>`
    insert into posts (club_id, author_id, title, content, is_event, event_date, capacity)
    values (${theClub.id}, ${owner.id}, ${title}, 'En el auditorio.', true, now() + interval '3 days', 20)
    returning id`;

  const page = await pageFor(browser, elena, "es-NI");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/home?sort=newest");
  await hydrated(page);
  const card = await feedCard(page, title);
  // post, not check_in: no RSVP list on the card.
  await expect(card.getByRole("button", { name: "Ver quién va" })).toHaveCount(0);
  const open = card.getByRole("button", { name: `Abrir publicación: ${title}` });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(title);
  // The event's edit (its capacity) and the post's menu with Delete are hers; attendance is not.
  const capacity = dialog.getByRole("spinbutton", { name: "Cupo (vacío: sin límite)" });
  await expect(capacity).toHaveValue("20");
  await expect(dialog.getByRole("link", { name: "Registrar asistencia" })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Ver quién va" })).toHaveCount(0);
  await capacity.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("40");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Guardar cupo" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByTestId("going-count")).toContainText("de 40");
  const [saved] = await sql()<{ capacity: number }[]>`select capacity from posts where id = ${event!.id}`;
  expect(saved!.capacity).toBe(40);
  const more = dialog.getByRole("button", { name: "Más acciones" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Borrar publicación" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expectNoSeriousAxeViolations(page, "officer edits an event from the feed (es, 360)");
  await shot(page, "officer-feed-edit-es");
});

test("an officer with accept_requests finds the request on the Connections page's Requests tab (es-NI, 360 px)", async ({
  browser,
}) => {
  const owner = await member("owner");
  const luis = await member();
  const marta = await member();
  const theClub = await club(owner);
  await join(luis, owner, theClub.id);
  await named(luis, "Luis", "Castillo");
  await named(marta, "Marta", "Obando");
  await officer(owner, theClub.id, luis, "Vicepresidente", ["accept_requests"]);
  const asked = await seed.call(`/api/connection-requests?club_id=${theClub.id}`, {
    method: "POST",
    token: marta.token,
  });
  expect(asked.status).toBe(201);

  const page = await pageFor(browser, luis, "es-NI");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/connections?tab=requests");
  await hydrated(page);
  // A member account: the tab counts the request it decides, and lists it.
  await expect(page.getByRole("tab", { name: /Solicitudes para unirse/ })).toContainText("1");
  const received = page.getByTestId("request-received");
  await expect(received).toHaveCount(1);
  await expect(received).toContainText("Marta Obando");
  const accept = received.getByRole("button", { name: `Aceptar a Marta Obando en ${theClub.name}` });
  await accept.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Marta Obando se unió a ${theClub.name}.`)).toBeVisible();
  // The section stays (now empty), and the tab's count goes with the answered request.
  await expect(page.getByRole("heading", { name: "Solicitudes a tus clubes" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /Solicitudes para unirse/ })).not.toContainText("1", {
    timeout: 15_000,
  });
  const rows =
    await sql()`select 1 from club_members where club_id = ${theClub.id} and user_id = ${marta.id}`;
  expect(rows.length).toBe(1);
  await expectNoSeriousAxeViolations(page, "officer's Requests tab (es, 360)");
  await shot(page, "officer-connections-requests-es");
});
