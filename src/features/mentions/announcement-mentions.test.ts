import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { noticesOf, userIn } from "../notices/notice.fixtures";

/**
 * Mentions in a club's Avisos (issue 48: writers write there "text, photo, mention"): `@username`
 * of a member in an aviso gives them a `mention` notice whose path opens the aviso in Avisos;
 * never a non-member, the writer, or anyone across a block.
 */
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
}, 60_000);
afterAll(() => t.close());

const mentionsOf = async (user: Parameters<typeof noticesOf>[1]) =>
  (await noticesOf(t, user)).filter((notice) => notice.kind === "mention");

test("an aviso naming a member gives them a mention that opens the aviso", async () => {
  const owner = await userIn(t, "es", "owner");
  const ben = await userIn(t, "en");
  const lia = await userIn(t, "es");
  await t.sql`update users set first_name = 'Ana', last_name = 'López' where id = ${owner.id}`;
  const clubId = await insertClub(t, owner.id, "Club de Ajedrez León");
  for (const person of [ben, lia]) await addMember(t, clubId, person.id);
  const path = `/api/messages/club/${clubId}/announcements`;
  const res = await send(
    t,
    owner.token,
    path,
    `@${ben.username} y @${lia.username}: la reunión es el jueves`,
  );
  expect(res.status).toBe(201);
  const [notice] = await mentionsOf(ben);
  expect(notice).toMatchObject({
    kind: "mention",
    club_id: clubId,
    user_id: owner.id,
    text: "Ana López mentioned you in Club de Ajedrez León's Avisos.",
    path: `/chat/announcements/${clubId}?message=${res.body.id}`,
    read: false,
  });
  expect((await mentionsOf(lia))[0]!.text).toBe("Ana López te mencionó en Avisos de Club de Ajedrez León.");
  // A club-chat mention keeps the chat's words and path.
  const chat = await send(t, lia.token, `/api/messages/club/${clubId}`, `@${ben.username} ¿venís?`);
  expect((await mentionsOf(ben))[0]).toMatchObject({
    path: `/chat/club/${clubId}?message=${chat.body.id}`,
    text: expect.stringContaining("chat"),
  });
});

test("nobody outside the club, nobody across a block either way, not the writer", async () => {
  const owner = await userIn(t, "es", "owner");
  const [outsider, blocker, blocked] = [await userIn(t, "es"), await userIn(t, "es"), await userIn(t, "es")];
  const clubId = await insertClub(t, owner.id);
  for (const person of [blocker, blocked]) await addMember(t, clubId, person.id);
  await t.sql`insert into user_blocks (blocker_id, blocked_id) values (${owner.id}, ${blocked.id})`;
  await t.sql`insert into user_blocks (blocker_id, blocked_id) values (${blocker.id}, ${owner.id})`;
  const res = await send(
    t,
    owner.token,
    `/api/messages/club/${clubId}/announcements`,
    `@${outsider.username} @${blocker.username} @${blocked.username} @${owner.username} @nadie_existe`,
  );
  expect(res.status).toBe(201);
  for (const person of [outsider, blocker, blocked, owner]) expect(await mentionsOf(person)).toEqual([]);
});

test("the Avisos composer's @ list: the owner and members get the club's members", async () => {
  const owner = await userIn(t, "es", "owner");
  const ben = await userIn(t, "es");
  const clubId = await insertClub(t, owner.id);
  await addMember(t, clubId, ben.id);
  const q = encodeURIComponent(ben.username.slice(0, 4));
  const res = await t.request("GET", `/api/clubs/${clubId}/members?q=${q}`, { token: owner.token });
  expect(res.status).toBe(200);
  expect(res.body.map((member: { id: number }) => member.id)).toContain(ben.id);
});
