import type { Locator, Page } from "@playwright/test";
import { club, join, member, sendToClub } from "./community-seed";
import { expect, sql } from "./fixtures";

/** A club chat of 15 messages: runs by Beto and Carla, for `me` to open. */
export async function clubChat() {
  const owner = await member("owner");
  const me = await member();
  const beto = await member();
  const carla = await member();
  await sql()`update users set first_name = 'Beto', last_name = 'Zeledón' where id = ${beto.id}`;
  await sql()`update users set first_name = 'Carla', last_name = 'Mairena' where id = ${carla.id}`;
  const room = await club(owner);
  for (const person of [me, beto, carla]) await join(person, owner, room.id);
  await sendToClub(beto, room.id, "Hola a todos");
  await sendToClub(beto, room.id, "¿Quién viene el sábado?");
  await sendToClub(beto, room.id, "Traigan agua");
  await sendToClub(carla, room.id, "Yo voy");
  await sendToClub(beto, room.id, "Perfecto, nos vemos");
  // Enough after them to fill the screen, so the newest sits just over the composer.
  for (let i = 1; i <= 10; i += 1) await sendToClub(i % 2 ? carla : beto, room.id, `Mensaje ${i}`);
  return { room, me, beto, carla };
}

/** Every item of the open menu is whole on the screen, above the composer, and on top (not covered). */
export async function expectMenuWhole(page: Page, menu: Locator) {
  const composer = await page.locator(".chat-composer").boundingBox();
  const box = await menu.boundingBox();
  const viewport = page.viewportSize();
  expect(box && composer && viewport).toBeTruthy();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, "the menu ends above the composer").toBeLessThanOrEqual(composer!.y + 1);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.width);
  for (const item of await menu.getByRole("menuitem").all()) {
    const hit = await item.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!top && el.contains(top);
    });
    expect(hit, `${await item.textContent()} is not covered`).toBe(true);
  }
}

/** The bodies of the club chat sends the page makes, as they go out. */
export async function sendRequests(page: Page) {
  const bodies: { content: string; client_id?: string }[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/messages\/club\/\d+$/.test(request.url()))
      bodies.push(request.postDataJSON());
  });
  return bodies;
}
