import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { clubWith, jpeg, sendForm } from "../chat/message-images.fixtures";
import { eventState, insertEvent } from "../events/event.fixtures";
import { markPairAccepted } from "../message-requests/message-requests.fixtures";

// Real sign-ups hash passwords (argon2id); leave room for a busy machine.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { mail: true, jobs: true });
});
afterAll(() => t.close());

const deleteMe = (token: string | null, password: unknown) =>
  t.request("POST", "/api/account/delete", { token, json: { password } });

/** Every counter on a post beside the rows it counts. */
async function postCounts(postId: number) {
  const [row] = await t.sql<Record<string, number>[]>`
    select like_count, favorite_count, comment_count,
      (select count(*)::int from post_likes where post_id = p.id) as likes,
      (select count(*)::int from post_favorites where post_id = p.id) as favorites,
      (select count(*)::int from comments where post_id = p.id) as comments
    from posts p where p.id = ${postId}`;
  return row!;
}

describe("deleting my account", () => {
  test("removes the person and their messages, keeps every count exact, hands their clubs to an admin", async () => {
    const admin = await createQuickUser(t, { role: "admin" });
    const friend = await createQuickUser(t);
    const waiting = await createQuickUser(t);
    const leaving = await t.createUser({ role: "owner", password: "leaving-password" });
    await t.sql`update users set first_name = 'Luisa', email = 'luisa@example.test' where id = ${leaving.id}`;

    const ownClub = await insertClub(t, leaving.id, "Club de ajedrez");
    const otherClub = await insertClub(t, null, "Club de robótica");
    await addMember(t, otherClub, friend.id);
    await addMember(t, otherClub, leaving.id);
    await t.sql`update clubs set member_count = 2 where id = ${otherClub}`;
    const [post] = await t.sql<{ id: number }[]>`
      insert into posts (club_id, title) values (${otherClub}, 'Feria') returning id`;
    for (const user of [leaving, friend]) {
      await t.request("POST", `/api/posts/${post!.id}/like`, { token: user.token });
      await t.request("POST", `/api/posts/${post!.id}/favorite`, { token: user.token });
      await t.request("POST", `/api/posts/${post!.id}/comments`, {
        token: user.token,
        json: { content: `comentario de ${user.username}` },
      });
    }
    const event = await insertEvent(t, otherClub, { capacity: 1 });
    await t.request("PUT", `/api/posts/${event.id}/rsvp`, {
      token: leaving.token,
      json: { status: "going" },
    });
    await t.request("PUT", `/api/posts/${event.id}/rsvp`, {
      token: waiting.token,
      json: { status: "going" },
    });
    await send(t, leaving.token, `/api/messages/user/${friend.id}`, "hola amiga");
    await send(t, friend.token, `/api/messages/user/${leaving.id}`, "hola Luisa");
    await send(t, leaving.token, `/api/messages/club/${otherClub}`, "hola club");
    await send(t, friend.token, `/api/messages/club/${otherClub}`, "hola a todos");
    await t.request("PUT", `/api/blocks/${leaving.id}`, { token: admin.token });

    expect(await postCounts(post!.id)).toMatchObject({ like_count: 2, favorite_count: 2, comment_count: 2 });
    const res = await deleteMe(leaving.token, "leaving-password");
    expect(res.status).toBe(204);

    // The person is gone: profile, log-in, token.
    expect((await t.sql`select 1 from users where id = ${leaving.id}`).length).toBe(0);
    expect((await t.request("GET", `/api/users/${leaving.id}`, { token: friend.token })).status).toBe(404);
    expect((await t.request("GET", "/api/users/me", { token: leaving.token })).status).toBe(401);
    expect(
      (
        await t.request("POST", "/login", {
          form: { username: leaving.username, password: "leaving-password" },
        })
      ).status,
    ).toBe(401);
    // Counts equal the rows left: their like and favorite went with them; their comment stays anonymous.
    const counts = await postCounts(post!.id);
    expect(counts).toEqual({
      like_count: 1,
      favorite_count: 1,
      comment_count: 2,
      likes: 1,
      favorites: 1,
      comments: 2,
    });
    const comments = await t.request("GET", `/api/posts/${post!.id}/comments`, { token: friend.token });
    expect(comments.body.map((c: { author_display_name: string }) => c.author_display_name)).toEqual([
      "Deleted user",
      `${friend.firstName} ${friend.lastName}`,
    ]);
    expect(comments.body[0].user_id).toBeNull();
    const [club] = await t.sql<{ member_count: number; real: number }[]>`
      select member_count, (select count(*)::int from club_members where club_id = ${otherClub}) as real
      from clubs where id = ${otherClub}`;
    expect(club).toEqual({ member_count: 1, real: 1 });
    // Their place at the full event went to the first on the waitlist.
    const state = await eventState(t, event.id);
    expect(state.post).toMatchObject({ going_count: 1, waitlist_count: 0 });
    expect(state.going.map((r) => r.user_id)).toEqual([waiting.id]);
    // Their messages are gone; the conversation leaves the friend's list.
    const room = await t.request("GET", `/api/messages/club/${otherClub}`, { token: friend.token });
    expect(room.body.map((m: { content: string }) => m.content)).toEqual(["hola a todos"]);
    expect((await t.sql`select 1 from messages where sender_id = ${leaving.id}`).length).toBe(0);
    const list = await t.request("GET", "/api/messages/conversations", { token: friend.token });
    expect(list.body.filter((row: { type: string }) => row.type === "user")).toEqual([]);
    // Their club now belongs to the admin; the deletion is in the audit log, without their name.
    const [owned] = await t.sql<{ owner_id: number }[]>`select owner_id from clubs where id = ${ownClub}`;
    expect(owned!.owner_id).toBe(admin.id);
    const audit = await t.request("GET", "/api/admin/audit?action=account.delete", { token: admin.token });
    expect(audit.body[0]).toMatchObject({
      action: "account.delete",
      target_id: leaving.id,
      details: { club_ids: [ownClub], clubs_handed_to: admin.id },
    });
    expect(JSON.stringify(audit.body[0])).not.toContain("Luisa");
    expect((await t.request("GET", "/api/blocks", { token: admin.token })).body).toEqual([]);
  });

  test("the photos of their chats leave with them; a photo someone else still shows stays", async () => {
    const base = t.listen();
    const leaving = await t.createUser({ password: "leaving-password" });
    const friend = await createQuickUser(t);
    const clubId = await clubWith(t, leaving, friend);
    await markPairAccepted(t.db, { a: leaving.id, b: friend.id });
    // Uploads are content-addressed: each photo its own colour, so each its own upload.
    const colours = ["#0067C6", "#C62828", "#2E7D32", "#6A1B9A"];
    const photo = async (token: string, path: string) => {
      const image = await jpeg({ background: colours.pop() });
      const sent = await sendForm(base, token, path, { content: "mirá", image });
      expect(sent.status).toBe(201);
      return sent.body.image_url as string;
    };
    const gone = [
      await photo(leaving.token, `/api/messages/club/${clubId}`),
      await photo(leaving.token, `/api/messages/user/${friend.id}`),
      // The friend's photo in their direct chat: that conversation goes with the account.
      await photo(friend.token, `/api/messages/user/${leaving.id}`),
    ];
    const kept = await photo(friend.token, `/api/messages/club/${clubId}`);
    for (const url of [...gone, kept]) expect((await fetch(`${base}${url}`)).status).toBe(200);

    expect((await deleteMe(leaving.token, "leaving-password")).status).toBe(204);
    for (const url of gone) {
      expect((await fetch(`${base}${url}`)).status).toBe(404);
      expect((await fetch(`${base}${url}/400.webp`)).status).toBe(404);
    }
    expect((await fetch(`${base}${kept}`)).status).toBe(200);
    const ids = gone.map((url) => url.split("/").at(-1)!);
    expect((await t.sql`select id from uploads where id = any(${ids})`).length).toBe(0);
  });

  test("a wrong password is 422 and deletes nothing; guest 401; banned 403", async () => {
    const user = await t.createUser({ password: "right-password" });
    const wrong = await deleteMe(user.token, "wrong-password");
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toEqual([
      { loc: ["body", "password"], msg: "Your current password is not right." },
    ]);
    expect((await deleteMe(user.token, "")).status).toBe(422);
    expect((await t.sql`select 1 from users where id = ${user.id}`).length).toBe(1);
    expect((await deleteMe(null, "right-password")).status).toBe(401);
    await t.sql`update users set ban_until = now() + interval '1 day' where id = ${user.id}`;
    expect((await deleteMe(user.token, "right-password")).status).toBe(403);
  });

  test("a muted member may delete their account; the only admin may not (409)", async () => {
    const muted = await t.createUser({ password: "right-password" });
    await t.sql`update users set mute_until = now() + interval '1 day' where id = ${muted.id}`;
    expect((await deleteMe(muted.token, "right-password")).status).toBe(204);

    const lonely = await setupTestApp({}, { mail: true, jobs: true });
    try {
      const admin = await lonely.createUser({ role: "admin", password: "right-password" });
      const res = await lonely.request("POST", "/api/account/delete", {
        token: admin.token,
        json: { password: "right-password" },
      });
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(
        "You are the only admin. Make someone else an admin before deleting your account.",
      );
      const owner = await lonely.createUser({ role: "owner", password: "right-password" });
      await insertClub(lonely, owner.id);
      await lonely.sql`update users set role = 'member' where id = ${admin.id}`;
      const orphan = await lonely.request("POST", "/api/account/delete", {
        token: owner.token,
        json: { password: "right-password" },
      });
      expect(orphan.status).toBe(409);
      expect(orphan.body.detail).toContain("there is none");
    } finally {
      await lonely.close();
    }
  });
});
