import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createQuickUser, type QuickUser } from "../clubs/user.fixtures";
import { type LiveClient, signedInLive } from "../live/live.fixtures";
import { addMember, insertClub, send } from "./chat.fixtures";

/**
 * The club chat's one pinned message (issue 49, moderate_chat): who may pin, one pin per chat
 * (a new pin replaces it), the audit log, what readers see, and the live `pin` frame over a real
 * socket.
 */
setDefaultTimeout(60_000);
let t: TestApp;
let base: string;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  t = await setupTestApp();
  base = t.listen();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const pin = (user: QuickUser | null, id: number) =>
  t.request("POST", `/api/messages/${id}/pin`, { token: user?.token ?? null });
const unpin = (user: QuickUser, id: number) =>
  t.request("DELETE", `/api/messages/${id}/pin`, { token: user.token });
const pinned = (user: QuickUser, clubId: number) =>
  t.request("GET", `/api/messages/club/${clubId}/pinned`, { token: user.token });

async function clubWithModerator() {
  const owner = await createQuickUser(t, { role: "owner" });
  const clubId = await insertClub(t, owner.id);
  const [moderator, officer, member, stranger] = [
    await createQuickUser(t),
    await createQuickUser(t),
    await createQuickUser(t),
    await createQuickUser(t),
  ];
  for (const user of [moderator, officer, member]) await addMember(t, clubId, user.id);
  await t.sql`insert into club_officers (club_id, user_id, title, permissions) values
    (${clubId}, ${moderator.id}, 'Moderadora', '{moderate_chat}'),
    (${clubId}, ${officer.id}, 'Tesorero', '{accept_requests,post,check_in,edit_club}')`;
  const admin = await createQuickUser(t, { role: "admin" });
  return { owner, clubId, moderator, officer, member, stranger, admin };
}

describe("pinning a club-chat message", () => {
  test("who may pin: an officer with moderate_chat and an admin; not the owner, other officers, members or strangers", async () => {
    const club = await clubWithModerator();
    const message = await send(
      t,
      club.member.token,
      `/api/messages/club/${club.clubId}`,
      "Reunión el sábado",
    );
    const got: Record<string, number> = {};
    for (const who of ["moderator", "admin", "owner", "officer", "member", "stranger"] as const)
      got[who] = (await pin(club[who], message.body.id)).status;
    expect(got).toEqual({ moderator: 200, admin: 200, owner: 403, officer: 403, member: 403, stranger: 403 });
    expect((await pin(null, message.body.id)).status).toBe(401);
    const refused = await pin(club.member, message.body.id);
    expect(refused.body.detail).toBe(
      "Only the club's officers who moderate its chat, and admins, can pin messages.",
    );
  });

  test("one pin per chat: pinning another replaces it; members read it, the owner may not", async () => {
    const club = await clubWithModerator();
    const first = await send(t, club.member.token, `/api/messages/club/${club.clubId}`, "primero");
    const second = await send(t, club.officer.token, `/api/messages/club/${club.clubId}`, "segundo");
    expect((await pinned(club.member, club.clubId)).body).toEqual({
      message: null,
      pinned_by: null,
      pinned_at: null,
    });
    const pinnedFirst = await pin(club.moderator, first.body.id);
    expect(pinnedFirst.body.message).toMatchObject({ id: first.body.id, content: "primero" });
    expect(pinnedFirst.body.pinned_by).toBe(club.moderator.id);
    await pin(club.moderator, second.body.id);
    const read = await pinned(club.member, club.clubId);
    expect(read.status).toBe(200);
    expect(read.body.message).toMatchObject({ id: second.body.id, content: "segundo" });
    const rows = await t.sql`select message_id from club_chat_pins where club_id = ${club.clubId}`;
    expect(rows.map((row) => Number(row.message_id))).toEqual([second.body.id]);
    expect((await pinned(club.owner, club.clubId)).status).toBe(403);
    expect((await pinned(club.stranger, club.clubId)).status).toBe(403);
    // The chat's poll keeps the spec's JSON: a list of messages, no pin in it.
    const poll = await t.request("GET", `/api/messages/club/${club.clubId}`, { token: club.member.token });
    expect(Array.isArray(poll.body)).toBe(true);
  });

  test("unpin: only the pinned message; a deleted pinned message is no longer shown", async () => {
    const club = await clubWithModerator();
    const a = await send(t, club.member.token, `/api/messages/club/${club.clubId}`, "a");
    const b = await send(t, club.member.token, `/api/messages/club/${club.clubId}`, "b");
    await pin(club.moderator, a.body.id);
    const notPinned = await unpin(club.moderator, b.body.id);
    expect(notPinned.status).toBe(404);
    expect(notPinned.body.detail).toBe("This message is not pinned.");
    expect((await unpin(club.member, a.body.id)).status).toBe(403);
    expect((await unpin(club.moderator, a.body.id)).status).toBe(204);
    expect((await pinned(club.member, club.clubId)).body.message).toBeNull();
    await pin(club.moderator, b.body.id);
    expect(
      (await t.request("DELETE", `/api/messages/${b.body.id}`, { token: club.member.token })).status,
    ).toBe(204);
    expect((await pinned(club.member, club.clubId)).body.message).toBeNull();
    const again = await pin(club.moderator, b.body.id);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("This message was deleted and cannot be pinned.");
  });

  test("a direct message cannot be pinned (409 for its people, 404 for anyone else)", async () => {
    const [ana, beto, admin] = [await createQuickUser(t), await createQuickUser(t), await createQuickUser(t)];
    const direct = await send(t, ana.token, `/api/messages/user/${beto.id}`, "hola");
    const own = await pin(ana, direct.body.id);
    expect(own.status).toBe(409);
    expect(own.body.detail).toBe("Only messages in a club chat can be pinned.");
    expect((await pin(admin, direct.body.id)).status).toBe(404);
    expect((await pin(ana, 999_999_999)).status).toBe(404);
  });

  test("pins, unpins and moderators' deletions are audit-log lines", async () => {
    const club = await clubWithModerator();
    const a = await send(t, club.member.token, `/api/messages/club/${club.clubId}`, "a");
    const b = await send(t, club.member.token, `/api/messages/club/${club.clubId}`, "b");
    await pin(club.moderator, a.body.id);
    await pin(club.admin, b.body.id);
    await unpin(club.moderator, b.body.id);
    expect(
      (await t.request("DELETE", `/api/messages/${a.body.id}`, { token: club.moderator.token })).status,
    ).toBe(204);
    const rows = await t.sql<{ actor_id: number; action: string; target_id: number; details: unknown }[]>`
      select actor_id, action, target_id, details from audit_log
      where target_type = 'message' and target_id in (${a.body.id}, ${b.body.id}) order by id`;
    expect(rows.map((row) => [row.actor_id, row.action, Number(row.target_id)])).toEqual([
      [club.moderator.id, "message.pin", a.body.id],
      [club.admin.id, "message.pin", b.body.id],
      [club.moderator.id, "message.unpin", b.body.id],
      [club.moderator.id, "message.delete", a.body.id],
    ]);
    expect(rows[1]!.details).toMatchObject({ club_id: club.clubId, replaced_message_id: a.body.id });
  });
});

describe("the live pin frame", () => {
  test("followers of the chat hear each pin, replacement and unpin; others do not", async () => {
    const club = await clubWithModerator();
    const a = await send(t, club.member.token, `/api/messages/club/${club.clubId}`, "a");
    const b = await send(t, club.member.token, `/api/messages/club/${club.clubId}`, "b");
    const follower = await signedInLive(base, club.member.token);
    const elsewhere = await signedInLive(base, club.officer.token);
    sockets.push(follower, elsewhere);
    const conversation = `club:${club.clubId}`;
    follower.send({ type: "subscribe", conversation });
    await follower.next("subscribed");

    await pin(club.moderator, a.body.id);
    expect(await follower.next("pin", (f) => f.message_id === a.body.id)).toEqual({
      type: "pin",
      conversation,
      message_id: a.body.id,
    });
    await pin(club.moderator, b.body.id);
    await follower.next("pin", (f) => f.message_id === b.body.id);
    await unpin(club.moderator, b.body.id);
    await follower.next("pin", (f) => f.message_id === null);
    // The officer's socket follows no chat: a later frame it would share with the follower never comes.
    const marker = await send(t, club.member.token, `/api/messages/user/${club.officer.id}`, "marca");
    expect(marker.status).toBe(201);
    expect(elsewhere.frames.filter((frame) => frame.type === "pin")).toEqual([]);
  });
});
