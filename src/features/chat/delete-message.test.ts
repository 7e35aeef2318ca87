import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "./chat.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const remove = (token: string | null, id: number) => t.request("DELETE", `/api/messages/${id}`, { token });
const contents = (body: { content: string }[]) => body.map((message) => message.content);

describe("deleting chat messages", () => {
  test("the sender deletes their own direct message; both see a tombstone in its place", async () => {
    const ana = await createQuickUser(t);
    const beto = await createQuickUser(t);
    const first = await send(t, ana.token, `/api/messages/user/${beto.id}`, "uno");
    await send(t, beto.token, `/api/messages/user/${ana.id}`, "dos");
    expect((await remove(ana.token, first.body.id)).status).toBe(204);
    for (const [reader, other] of [
      [ana, beto],
      [beto, ana],
    ] as const) {
      const res = await t.request("GET", `/api/messages/user/${other.id}`, { token: reader.token });
      expect(contents(res.body)).toEqual(["", "dos"]);
      expect(res.body[0]).toMatchObject({ id: first.body.id, deleted: true, reactions: [], reply_to: null });
      expect(res.body[1].deleted).toBe(false);
    }
    expect((await remove(ana.token, first.body.id)).status).toBe(404);
  });

  test("role matrix on a club message: guest 401, other member 403, owner 403, banned 403, muted author and admin 204", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const author = await createQuickUser(t);
    const other = await createQuickUser(t);
    const admin = await createQuickUser(t, { role: "admin" });
    const banned = await createQuickUser(t);
    const club = await insertClub(t, owner.id);
    for (const user of [author, other, banned]) await addMember(t, club, user.id);
    const mine = await send(t, author.token, `/api/messages/club/${club}`, "mío");
    const theirs = await send(t, author.token, `/api/messages/club/${club}`, "para el admin");
    await t.sql`update users set ban_until = now() + interval '1 day' where id = ${banned.id}`;

    expect((await remove(null, mine.body.id)).status).toBe(401);
    const refused = await remove(other.token, mine.body.id);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("You can only delete your own messages.");
    expect((await remove(owner.token, mine.body.id)).status).toBe(403);
    expect((await remove(banned.token, mine.body.id)).status).toBe(403);
    // A muted author may still take back what they wrote.
    await t.sql`update users set mute_until = now() + interval '1 day' where id = ${author.id}`;
    expect((await remove(author.token, mine.body.id)).status).toBe(204);
    expect((await remove(admin.token, theirs.body.id)).status).toBe(204);
    const room = await t.request("GET", `/api/messages/club/${club}`, { token: other.token });
    expect(room.body.map((m: { deleted: boolean; content: string }) => [m.deleted, m.content])).toEqual([
      [true, ""],
      [true, ""],
    ]);
    const audit = await t.sql<{ action: string; target_id: number; details: Record<string, unknown> }[]>`
      select action, target_id, details from audit_log where action = 'message.delete'`;
    expect([...audit]).toEqual([
      {
        action: "message.delete",
        target_id: theirs.body.id,
        details: { sender_id: author.id, club_id: club },
      },
    ]);
    expect((await remove(author.token, 999_999)).status).toBe(404);
    expect((await remove(author.token, 0)).status).toBe(422);
  });
});
