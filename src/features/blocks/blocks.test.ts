import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";

// One test starts a second app (its own database); leave room for a busy machine.
setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const block = (user: QuickUser, other: number) =>
  t.request("PUT", `/api/blocks/${other}`, { token: user.token });
const unblock = (user: QuickUser, other: number) =>
  t.request("DELETE", `/api/blocks/${other}`, { token: user.token });
const contents = (body: { content: string }[]) => body.map((message) => message.content);

async function insertPost(clubId: number) {
  const [row] = await t.sql<
    { id: number }[]
  >`insert into posts (club_id, title) values (${clubId}, 'Hola') returning id`;
  return row!.id;
}

describe("blocking and direct messages", () => {
  test("stops direct messages both ways with a 403 that says why, in the sender's language", async () => {
    const ana = await createQuickUser(t);
    const beto = await createQuickUser(t);
    expect((await send(t, ana.token, `/api/messages/user/${beto.id}`, "hola")).status).toBe(201);
    expect((await block(ana, beto.id)).status).toBe(204);

    const fromBlocker = await send(t, ana.token, `/api/messages/user/${beto.id}`, "otra vez");
    expect(fromBlocker.status).toBe(403);
    expect(fromBlocker.body.detail).toBe(
      "You blocked this person. Unblock them from their profile to send messages.",
    );
    const fromBlocked = await send(t, beto.token, `/api/messages/user/${ana.id}`, "¿por qué?");
    expect(fromBlocked.status).toBe(403);
    expect(fromBlocked.body.detail).toBe("You can't send messages to this person.");
    const spanish = await t.request("POST", `/api/messages/user/${ana.id}`, {
      token: beto.token,
      json: { content: "hola" },
      headers: { "accept-language": "es" },
    });
    expect(spanish.status).toBe(403);
    expect(spanish.body.detail).toBe("No podés mandarle mensajes a esta persona.");

    expect((await t.request("GET", `/api/blocks/${beto.id}`, { token: ana.token })).body).toEqual({
      blocked: true,
      can_message: false,
    });
    // Silent: the blocked person learns only that messaging is not possible.
    expect((await t.request("GET", `/api/blocks/${ana.id}`, { token: beto.token })).body).toEqual({
      blocked: false,
      can_message: false,
    });

    expect((await unblock(ana, beto.id)).status).toBe(204);
    expect((await send(t, beto.token, `/api/messages/user/${ana.id}`, "gracias")).status).toBe(201);
    expect((await send(t, ana.token, `/api/messages/user/${beto.id}`, "de nada")).status).toBe(201);
  });

  test("neither appears in the other's conversation list (nor in the unread badge) until unblocked", async () => {
    const ana = await createQuickUser(t);
    const beto = await createQuickUser(t);
    await send(t, beto.token, `/api/messages/user/${ana.id}`, "hola Ana");
    const partners = async (user: QuickUser) =>
      (await t.request("GET", "/api/messages/conversations", { token: user.token })).body
        .filter((row: { type: string }) => row.type === "user")
        .map((row: { id: number }) => row.id);
    const badge = async (user: QuickUser) =>
      (await t.request("GET", "/api/notifications", { token: user.token })).body;
    expect(await partners(ana)).toEqual([beto.id]);
    expect(await badge(ana)).toBe(1);
    await block(ana, beto.id);
    expect(await partners(ana)).toEqual([]);
    expect(await partners(beto)).toEqual([]);
    expect(await badge(ana)).toBe(0);
    await unblock(ana, beto.id);
    expect(await partners(ana)).toEqual([beto.id]);
    expect(await partners(beto)).toEqual([ana.id]);
    expect(await badge(ana)).toBe(1);
  });
});

describe("blocking in clubs and comments", () => {
  test("the blocker no longer sees the blocked person's club messages; unblock restores them", async () => {
    const ana = await createQuickUser(t);
    const beto = await createQuickUser(t);
    const carla = await createQuickUser(t);
    const club = await insertClub(t, null);
    for (const user of [ana, beto, carla]) await addMember(t, club, user.id);
    await send(t, beto.token, `/api/messages/club/${club}`, "mensaje de Beto");
    await send(t, carla.token, `/api/messages/club/${club}`, "mensaje de Carla");
    const room = (user: QuickUser, headers: Record<string, string> = {}) =>
      t.request("GET", `/api/messages/club/${club}`, { token: user.token, headers });

    const before = await room(ana);
    expect(contents(before.body)).toEqual(["mensaje de Beto", "mensaje de Carla"]);
    // Someone who blocked nobody gets the plain tag (club and newest id), like every poll before blocks.
    expect(before.headers.get("etag")).toBe(`W/"club:${club}-${before.body.at(-1).id}"`);
    await block(ana, beto.id);
    const blocked = await room(ana, { "if-none-match": before.headers.get("etag") ?? "" });
    // The page changed for Ana even though no message arrived: not a 304.
    expect(blocked.status).toBe(200);
    expect(contents(blocked.body)).toEqual(["mensaje de Carla"]);
    // Others (and Beto himself) still see everything; Beto may still write in the club.
    expect(contents((await room(carla)).body)).toEqual(["mensaje de Beto", "mensaje de Carla"]);
    expect((await send(t, beto.token, `/api/messages/club/${club}`, "sigo aquí")).status).toBe(201);
    expect(contents((await room(ana)).body)).toEqual(["mensaje de Carla"]);
    const clubRow = (await t.request("GET", "/api/messages/conversations", { token: ana.token })).body.find(
      (row: { type: string; id: number }) => row.type === "club" && row.id === club,
    );
    expect(clubRow.last_message_content).toBe("mensaje de Carla");

    const whileBlocked = (await room(ana)).headers.get("etag") ?? "";
    await unblock(ana, beto.id);
    const restored = await room(ana, { "if-none-match": whileBlocked });
    expect(restored.status).toBe(200);
    expect(contents(restored.body)).toEqual(["mensaje de Beto", "mensaje de Carla", "sigo aquí"]);
  });

  test("the blocker no longer sees the blocked person's comments; the count and others are unchanged", async () => {
    const ana = await createQuickUser(t);
    const beto = await createQuickUser(t);
    const post = await insertPost(await insertClub(t, null));
    for (const [user, text] of [
      [beto, "comentario de Beto"],
      [ana, "comentario de Ana"],
    ] as const) {
      await t.request("POST", `/api/posts/${post}/comments`, { token: user.token, json: { content: text } });
    }
    const seen = async (user: QuickUser) =>
      contents((await t.request("GET", `/api/posts/${post}/comments`, { token: user.token })).body);
    await block(ana, beto.id);
    expect(await seen(ana)).toEqual(["comentario de Ana"]);
    expect(await seen(beto)).toEqual(["comentario de Beto", "comentario de Ana"]);
    const [row] = await t.sql<
      { comment_count: number }[]
    >`select comment_count from posts where id = ${post}`;
    expect(row!.comment_count).toBe(2);
    await unblock(ana, beto.id);
    expect(await seen(ana)).toEqual(["comentario de Beto", "comentario de Ana"]);
  });
});

describe("the blocked list and the rules", () => {
  test("lists the people blocked, newest first; blocking twice is once", async () => {
    const ana = await createQuickUser(t);
    const beto = await createQuickUser(t);
    const carla = await createQuickUser(t);
    await block(ana, beto.id);
    await block(ana, carla.id);
    await block(ana, beto.id);
    const list = await t.request("GET", "/api/blocks", { token: ana.token });
    expect(list.status).toBe(200);
    expect(list.body.map((row: { user_id: number }) => row.user_id)).toEqual([carla.id, beto.id]);
    expect(list.body[0]).toMatchObject({
      username: carla.username,
      display_name: `${carla.firstName} ${carla.lastName}`,
    });
    expect((await t.request("GET", "/api/blocks", { token: beto.token })).body).toEqual([]);
  });

  test("role matrix: guest 401; member, owner, admin and muted may block; banned 403; self 422; unknown 404", async () => {
    const target = await createQuickUser(t);
    const member = await createQuickUser(t);
    const owner = await createQuickUser(t, { role: "owner" });
    const admin = await createQuickUser(t, { role: "admin" });
    const muted = await createQuickUser(t);
    const banned = await createQuickUser(t);
    await t.sql`update users set mute_until = now() + interval '1 day' where id = ${muted.id}`;
    await t.sql`update users set ban_until = now() + interval '1 day' where id = ${banned.id}`;
    expect((await t.request("PUT", `/api/blocks/${target.id}`)).status).toBe(401);
    expect((await t.request("GET", "/api/blocks")).status).toBe(401);
    for (const user of [member, owner, admin, muted]) {
      expect((await block(user, target.id)).status).toBe(204);
      expect((await unblock(user, target.id)).status).toBe(204);
    }
    expect((await block(banned, target.id)).status).toBe(403);
    const self = await block(member, member.id);
    expect(self.status).toBe(422);
    expect(self.body.detail).toBe("You cannot block yourself.");
    expect((await block(member, 999_999)).status).toBe(404);
    expect((await t.request("GET", "/api/blocks/999999", { token: member.token })).status).toBe(404);
    expect((await t.request("PUT", "/api/blocks/abc", { token: member.token })).status).toBe(422);
    // Another member's block is theirs alone: unblocking what you did not block changes nothing.
    await block(member, target.id);
    expect((await unblock(owner, target.id)).status).toBe(204);
    expect((await t.request("GET", `/api/blocks/${target.id}`, { token: member.token })).body.blocked).toBe(
      true,
    );
  });
});

describe("rate limit", () => {
  test("blocking and unblocking past RATE_BLOCKS_PER_ACCOUNT is 429 with Retry-After", async () => {
    const limited = await setupTestApp({ RATE_BLOCKS_PER_ACCOUNT: "3/1h" });
    try {
      const ana = await createQuickUser(limited);
      const others = await Promise.all([1, 2, 3].map(() => createQuickUser(limited)));
      for (const other of others) {
        const res = await limited.request("PUT", `/api/blocks/${other.id}`, { token: ana.token });
        expect(res.status).toBe(204);
      }
      const refused = await limited.request("DELETE", `/api/blocks/${others[0]!.id}`, { token: ana.token });
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toBe(
        "You are blocking and unblocking too fast. Wait a moment and try again.",
      );
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
