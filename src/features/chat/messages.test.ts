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

describe("direct messages", () => {
  test("send trims content and both sides read it back", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const sent = await send(t, a.token, `/api/messages/user/${b.id}`, "  hola  ");
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      sender_id: a.id,
      sender_username: a.username,
      content: "hola",
      updated_at: null,
    });
    expect(typeof sent.body.id).toBe("number");
    expect(new Date(sent.body.created_at).toISOString()).toBe(sent.body.created_at);
    const reply = await send(t, b.token, `/api/messages/user/${a.id}`, "¿qué tal?");
    expect(reply.status).toBe(201);
    for (const [reader, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await t.request("GET", `/api/messages/user/${other.id}`, { token: reader.token });
      expect(res.status).toBe(200);
      expect(res.body.map((x: { content: string }) => x.content)).toEqual(["hola", "¿qué tal?"]);
    }
  });

  test("messages name their sender by first and last name (else username) with their picture", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await t.sql`update users set first_name = 'Ernesto', last_name = 'Chavarría' where id = ${a.id}`;
    const sent = await send(t, a.token, `/api/messages/user/${b.id}`, "hola");
    expect(sent.body).toMatchObject({ sender_display_name: "Ernesto Chavarría", sender_picture_url: null });
    await send(t, b.token, `/api/messages/user/${a.id}`, "buenas");
    const res = await t.request("GET", `/api/messages/user/${a.id}`, { token: b.token });
    expect(res.body.map((x: { sender_display_name: string }) => x.sender_display_name)).toEqual([
      "Ernesto Chavarría",
      b.username,
    ]);
  });

  test("empty, blank, missing and over-long content is 422 and never stored", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    for (const content of ["", "   \n\t ", "x".repeat(4001), undefined, 42]) {
      const res = await send(t, a.token, `/api/messages/user/${b.id}`, content);
      expect(res.status).toBe(422);
      expect(Array.isArray(res.body.detail)).toBe(true);
    }
    const blank = await send(t, a.token, `/api/messages/user/${b.id}`, "   ");
    expect(blank.body.detail[0]).toEqual({ loc: ["body", "content"], msg: "Message cannot be empty." });
    const { n } = (
      await t.sql<{ n: number }[]>`select count(*)::int as n from messages where sender_id = ${a.id}`
    )[0]!;
    expect(n).toBe(0);
    const nul = await send(t, a.token, `/api/messages/user/${b.id}`, "\u0000 \u0000");
    expect(nul.status).toBe(422);
    const max = await send(t, a.token, `/api/messages/user/${b.id}`, ` ${"y".repeat(4000)} `);
    expect(max.status).toBe(201);
    expect(max.body.content.length).toBe(4000);
    const stripped = await send(t, a.token, `/api/messages/user/${b.id}`, "a\u0000b");
    expect(stripped.status).toBe(201);
    expect(stripped.body.content).toBe("ab");
  });

  test("yourself is 422, unknown user 404, no token 401", async () => {
    const a = await t.createUser();
    expect((await send(t, a.token, `/api/messages/user/${a.id}`, "me")).status).toBe(422);
    expect((await t.request("GET", `/api/messages/user/${a.id}`, { token: a.token })).status).toBe(422);
    const missing = await send(t, a.token, "/api/messages/user/99999999", "hi");
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("User not found");
    expect((await t.request("GET", "/api/messages/user/99999999", { token: a.token })).status).toBe(404);
    expect((await t.request("GET", "/api/messages/user/abc", { token: a.token })).status).toBe(422);
    expect((await t.request("GET", `/api/messages/user/${a.id}`)).status).toBe(401);
    expect((await t.request("POST", `/api/messages/user/${a.id}`, { json: { content: "x" } })).status).toBe(
      401,
    );
  });

  test("a muted user can read but not send; a banned user can do neither", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await send(t, b.token, `/api/messages/user/${a.id}`, "before");
    await t.sql`update users set mute_until = now() + interval '1 hour' where id = ${a.id}`;
    const muted = await send(t, a.token, `/api/messages/user/${b.id}`, "hello");
    expect(muted.status).toBe(403);
    expect(muted.body.detail).toStartWith("You are muted until ");
    expect((await t.request("GET", `/api/messages/user/${b.id}`, { token: a.token })).status).toBe(200);
    await t.sql`update users set mute_until = null, ban_until = now() + interval '1 hour' where id = ${a.id}`;
    expect((await send(t, a.token, `/api/messages/user/${b.id}`, "hello")).status).toBe(403);
    expect((await t.request("GET", `/api/messages/user/${b.id}`, { token: a.token })).status).toBe(403);
    const { n } = (
      await t.sql<{ n: number }[]>`select count(*)::int as n from messages where sender_id = ${a.id}`
    )[0]!;
    expect(n).toBe(0);
    await t.sql`update users set ban_until = now() - interval '1 minute' where id = ${a.id}`;
    expect((await send(t, a.token, `/api/messages/user/${b.id}`, "back")).status).toBe(201);
  });
});

describe("paging, cursors and ETags", () => {
  test("latest page, before pages and after cursor", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await send(
        t,
        i % 2 ? b.token : a.token,
        `/api/messages/user/${i % 2 ? a.id : b.id}`,
        `m${i}`,
      );
      ids.push(res.body.id);
    }
    const path = `/api/messages/user/${b.id}`;
    const latest = await t.request("GET", `${path}?limit=3`, { token: a.token });
    expect(latest.body.map((x: { content: string }) => x.content)).toEqual(["m4", "m5", "m6"]);
    const older = await t.request("GET", `${path}?limit=3&before=${latest.body[0].id}`, { token: a.token });
    expect(older.body.map((x: { content: string }) => x.content)).toEqual(["m1", "m2", "m3"]);
    const oldest = await t.request("GET", `${path}?limit=3&before=${older.body[0].id}`, { token: a.token });
    expect(oldest.body.map((x: { content: string }) => x.content)).toEqual(["m0"]);
    const after = await t.request("GET", `${path}?after=${ids[2]}`, { token: a.token });
    expect(after.body.map((x: { id: number }) => x.id)).toEqual(ids.slice(3));
    const afterLimited = await t.request("GET", `${path}?after=${ids[2]}&limit=2`, { token: a.token });
    expect(afterLimited.body.map((x: { id: number }) => x.id)).toEqual(ids.slice(3, 5));
    const none = await t.request("GET", `${path}?after=${ids[6]}`, { token: a.token });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    const both = await t.request("GET", `${path}?after=1&before=5`, { token: a.token });
    expect(both.status).toBe(422);
    for (const bad of ["after=-1", "after=x", "after=1.5", "before=1e30", "limit=0", "limit=101"]) {
      expect((await t.request("GET", `${path}?${bad}`, { token: a.token })).status).toBe(422);
    }
  });

  test("an unchanged conversation answers 304 to If-None-Match, a changed one 200", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const first = await send(t, a.token, `/api/messages/user/${b.id}`, "one");
    const path = `/api/messages/user/${a.id}?after=${first.body.id}`;
    const poll = await t.request("GET", path, { token: b.token });
    expect(poll.status).toBe(200);
    const etag = poll.headers.get("etag")!;
    expect(etag).toStartWith('W/"');
    expect(poll.headers.get("cache-control")).toBe("private, no-cache");
    const again = await t.request("GET", path, { token: b.token, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const listed = await t.request("GET", path, {
      token: b.token,
      headers: { "if-none-match": `W/"other", ${etag.replace(/^W\//, "")}` },
    });
    expect(listed.status).toBe(304);
    await send(t, a.token, `/api/messages/user/${b.id}`, "two");
    const changed = await t.request("GET", path, { token: b.token, headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.map((x: { content: string }) => x.content)).toEqual(["two"]);
    expect(changed.headers.get("etag")).not.toBe(etag);
    // The tag of the page just received already matches the next poll from its newest id.
    const newest = changed.body.at(-1).id;
    const next = await t.request("GET", `/api/messages/user/${a.id}?after=${newest}`, {
      token: b.token,
      headers: { "if-none-match": changed.headers.get("etag")! },
    });
    expect(next.status).toBe(304);
    const latest = await t.request("GET", `/api/messages/user/${a.id}`, { token: b.token });
    expect(latest.body.at(-1).id).toBe(newest);
    for (const path of [`/api/messages/user/${a.id}`, `/api/messages/user/${a.id}?after=${newest}`]) {
      const res = await t.request("GET", path, {
        token: b.token,
        headers: { "if-none-match": latest.headers.get("etag")! },
      });
      expect(res.status).toBe(304);
    }
    // History pages have their own tags.
    const history = await t.request("GET", `/api/messages/user/${a.id}?before=${newest}`, { token: b.token });
    expect(history.body.map((x: { content: string }) => x.content)).toEqual(["one"]);
    expect(history.headers.get("etag")).not.toBe(latest.headers.get("etag"));
    const historyAgain = await t.request("GET", `/api/messages/user/${a.id}?before=${newest}`, {
      token: b.token,
      headers: { "if-none-match": history.headers.get("etag")! },
    });
    expect(historyAgain.status).toBe(304);
  });
});

describe("club chat", () => {
  test("members and admins read and send; the owner is refused both; others must join", async () => {
    const owner = await t.createUser({ role: "owner" });
    const member = await t.createUser();
    const other = await t.createUser();
    const admin = await t.createUser({ role: "admin" });
    const clubId = await insertClub(t, owner.id);
    await addMember(t, clubId, member.id);
    const path = `/api/messages/club/${clubId}`;

    const sent = await send(t, member.token, path, " hola club ");
    expect(sent.status).toBe(201);
    expect(sent.body.content).toBe("hola club");
    expect((await send(t, admin.token, path, "admin here")).status).toBe(201);

    const ownerSend = await send(t, owner.token, path, "I own it");
    expect(ownerSend.status).toBe(403);
    expect(ownerSend.body.detail).toBe("Club owners cannot send messages in the club chat.");
    const ownerRead = await t.request("GET", path, { token: owner.token });
    expect(ownerRead.status).toBe(403);
    expect(ownerRead.body.detail).toBe("Club owners do not see the club chat.");

    const outsider = await send(t, other.token, path, "let me in");
    expect(outsider.status).toBe(403);
    expect(outsider.body.detail).toBe("Join this club to chat with it.");
    expect((await t.request("GET", path, { token: other.token })).status).toBe(403);

    const read = await t.request("GET", path, { token: member.token });
    expect(read.status).toBe(200);
    expect(read.body.map((x: { content: string; sender_id: number }) => [x.sender_id, x.content])).toEqual([
      [member.id, "hola club"],
      [admin.id, "admin here"],
    ]);
    expect((await t.request("GET", path, { token: admin.token })).status).toBe(200);
    const { n } = (
      await t.sql<{ n: number }[]>`select count(*)::int as n from messages where club_id = ${clubId}`
    )[0]!;
    expect(n).toBe(2);
  });

  test("unknown club is 404; muted member refused; empty refused", async () => {
    const member = await t.createUser();
    const clubId = await insertClub(t, null);
    await addMember(t, clubId, member.id);
    const missing = await send(t, member.token, "/api/messages/club/99999999", "hi");
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Club not found");
    expect((await t.request("GET", "/api/messages/club/99999999", { token: member.token })).status).toBe(404);
    expect((await send(t, member.token, `/api/messages/club/${clubId}`, "  ")).status).toBe(422);
    await t.sql`update users set mute_until = now() + interval '5 minutes' where id = ${member.id}`;
    expect((await send(t, member.token, `/api/messages/club/${clubId}`, "hi")).status).toBe(403);
  });
});
