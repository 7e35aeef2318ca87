import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "./chat.fixtures";

// Signing up users hashes passwords (argon2id); leave room for a busy machine.
setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

type Row = {
  type: string;
  id: number;
  name: string;
  image_url: string | null;
  last_message_content: string | null;
  last_message_at: string | null;
  unread_count: number;
};

async function conversations(token: string): Promise<Row[]> {
  const res = await t.request("GET", "/api/messages/conversations", { token });
  expect(res.status).toBe(200);
  return res.body;
}

describe("conversation list", () => {
  test("one row per conversation, newest first, with last message and unread count", async () => {
    const me = await t.createUser();
    const ana = await t.createUser();
    const ben = await t.createUser();
    const owner = await t.createUser({ role: "owner" });
    const clubId = await insertClub(t, owner.id, "Club de Ajedrez");
    const quietClub = await insertClub(t, owner.id, "Club Silencioso");
    const ownClub = await insertClub(t, me.id, "Mi Club");
    await addMember(t, clubId, me.id);
    await addMember(t, clubId, ana.id);
    await addMember(t, quietClub, me.id);
    await addMember(t, ownClub, me.id);
    await t.sql`update club_members set joined_at = now() - interval '1 day' where club_id = ${quietClub}`;

    // Listed by name as the chat's header shows it: first and last name, else the username.
    await t.sql`update users set first_name = 'Ana', last_name = 'Rivas' where id = ${ana.id}`;
    await send(t, ana.token, `/api/messages/user/${me.id}`, "hola de Ana");
    await send(t, ana.token, `/api/messages/user/${me.id}`, "¿estás?");
    await send(t, me.token, `/api/messages/user/${ben.id}`, "hola Ben");
    await send(t, ana.token, `/api/messages/club/${clubId}`, "reunión mañana");

    const rows = await conversations(me.token);
    expect(rows.map((r) => [r.type, r.id])).toEqual([
      ["club", clubId],
      ["user", ben.id],
      ["user", ana.id],
      ["club", quietClub],
      // The Avisos channel of the club they own, where they write (listed empty, last).
      ["announcements", ownClub],
    ]);
    expect(rows[0]).toMatchObject({
      name: "Club de Ajedrez",
      last_message_content: "reunión mañana",
      unread_count: 1,
    });
    expect(rows[1]).toMatchObject({ name: ben.username, last_message_content: "hola Ben", unread_count: 0 });
    expect(rows[2]).toMatchObject({ name: "Ana Rivas", last_message_content: "¿estás?", unread_count: 2 });
    expect(rows[3]).toMatchObject({ last_message_content: null, last_message_at: null, unread_count: 0 });
    expect(new Date(rows[0]!.last_message_at!).getTime()).toBeGreaterThanOrEqual(
      new Date(rows[1]!.last_message_at!).getTime(),
    );

    // Ben sees the conversation too, with one unread message.
    const benRows = await conversations(ben.token);
    expect(benRows).toHaveLength(1);
    expect(benRows[0]).toMatchObject({ type: "user", id: me.id, name: me.username, unread_count: 1 });

    // The owner of a club does not get its chat in the list.
    expect((await conversations(owner.token)).filter((r) => r.type === "club")).toEqual([]);
  });

  test("unread counts go up with new messages and back to zero when the conversation is opened", async () => {
    const me = await t.createUser();
    const ana = await t.createUser();
    const clubId = await insertClub(t, null);
    await addMember(t, clubId, me.id);
    await addMember(t, clubId, ana.id);
    const unread = async () =>
      Object.fromEntries((await conversations(me.token)).map((r) => [`${r.type}:${r.id}`, r.unread_count]));

    await send(t, ana.token, `/api/messages/user/${me.id}`, "1");
    expect(await unread()).toEqual({ [`user:${ana.id}`]: 1, [`club:${clubId}`]: 0 });
    await send(t, ana.token, `/api/messages/user/${me.id}`, "2");
    await send(t, ana.token, `/api/messages/club/${clubId}`, "c1");
    await send(t, me.token, `/api/messages/club/${clubId}`, "mine does not count");
    await send(t, ana.token, `/api/messages/club/${clubId}`, "c2");
    expect(await unread()).toEqual({ [`user:${ana.id}`]: 2, [`club:${clubId}`]: 2 });

    expect((await t.request("GET", `/api/messages/user/${ana.id}`, { token: me.token })).status).toBe(200);
    expect(await unread()).toEqual({ [`user:${ana.id}`]: 0, [`club:${clubId}`]: 2 });
    expect((await t.request("GET", `/api/messages/club/${clubId}?after=0`, { token: me.token })).status).toBe(
      200,
    );
    expect(await unread()).toEqual({ [`user:${ana.id}`]: 0, [`club:${clubId}`]: 0 });

    // Paging back through history never moves the read mark backwards.
    await send(t, ana.token, `/api/messages/user/${me.id}`, "3");
    const { id: firstId } = (
      await t.sql<{ id: number }[]>`select min(id)::int as id from messages where recipient_id = ${me.id}`
    )[0]!;
    await t.request("GET", `/api/messages/user/${ana.id}?before=${firstId + 1}`, { token: me.token });
    expect((await unread())[`user:${ana.id}`]).toBe(1);
    // Ana reading her own conversation does not clear mine.
    await t.request("GET", `/api/messages/user/${me.id}`, { token: ana.token });
    expect((await unread())[`user:${ana.id}`]).toBe(1);
  });

  test("direct messages inserted outside the API (seed, import) still appear and count", async () => {
    const me = await t.createUser();
    const ana = await t.createUser();
    await t.sql`
      insert into messages (sender_id, recipient_id, user_low, user_high, content)
      values (${ana.id}, ${me.id}, ${Math.min(me.id, ana.id)}, ${Math.max(me.id, ana.id)}, 'seeded hello'),
             (${ana.id}, ${me.id}, ${Math.min(me.id, ana.id)}, ${Math.max(me.id, ana.id)}, 'seeded again')`;
    const rows = await conversations(me.token);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: "user",
      id: ana.id,
      last_message_content: "seeded again",
      unread_count: 2,
    });
    expect((await conversations(ana.token))[0]).toMatchObject({ id: me.id, unread_count: 0 });
  });
});
