import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClub, joinClub } from "./post.fixtures";

// The machine may be busy (parallel suites, password hashing): allow slow requests.
setDefaultTimeout(30_000);

/**
 * The feed shows every post in the database, so this file builds one known data set and only
 * reads it. Posts P1..P6 (ids in creation order) with (likes, favorites, comments, created_at):
 */
const DATA = [
  { key: "P1", likes: 3, favorites: 0, comments: 0, at: "2030-01-01T10:00:00Z" }, // score 3
  { key: "P2", likes: 1, favorites: 1, comments: 1, at: "2030-01-02T10:00:00Z" }, // score 3, newer
  { key: "P3", likes: 0, favorites: 5, comments: 4, at: "2030-01-03T10:00:00Z" }, // score 9
  { key: "P4", likes: 2, favorites: 0, comments: 0, at: "2030-01-04T10:00:00Z" }, // score 2
  { key: "P5", likes: 3, favorites: 0, comments: 1, at: "2030-01-04T10:00:00Z" }, // score 4, same time as P4
  { key: "P6", likes: 0, favorites: 0, comments: 0, at: "2030-01-05T10:00:00Z" }, // score 0, newest
] as const;

let t: TestApp;
let ids: Record<string, number>;
let member: Awaited<ReturnType<TestApp["createUser"]>>;
let owner: Awaited<ReturnType<TestApp["createUser"]>>;
let clubA: number;

beforeAll(async () => {
  t = await setupTestApp();
  owner = await t.createUser({ role: "owner" });
  member = await t.createUser();
  clubA = await createClub(t, owner.id, "Alpha");
  const clubB = await createClub(t, null, "Beta");
  await t.sql`update clubs set profile_image_id = null where id = ${clubB}`;
  ids = {};
  for (const [i, row] of DATA.entries()) {
    const [post] = await t.sql<{ id: number }[]>`
      insert into posts (club_id, title, like_count, favorite_count, comment_count, created_at)
      values (${i % 2 === 0 ? clubA : clubB}, ${row.key}, ${row.likes}, ${row.favorites}, ${row.comments}, ${row.at})
      returning id`;
    ids[row.key] = post!.id;
  }
  // The member likes P3 (a real like row, so liked_by_me is true; the counter stays as seeded).
  await t.sql`insert into post_likes (post_id, user_id) values (${ids.P3!}, ${member.id})`;
  await t.sql`insert into post_favorites (post_id, user_id) values (${ids.P5!}, ${member.id})`;
}, 60_000);
afterAll(() => t.close());

const keys = (body: { id: number }[]) => body.map((p) => Object.keys(ids).find((k) => ids[k] === p.id));

describe("GET /api/posts/feed", () => {
  test("defaults to Most Relevant: average of likes, favorites and comments, newest first on ties", async () => {
    const res = await t.request("GET", "/api/posts/feed", { token: member.token });
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(["P3", "P5", "P2", "P1", "P4", "P6"]);
    const explicit = await t.request("GET", "/api/posts/feed?filter=relevant", { token: member.token });
    expect(keys(explicit.body)).toEqual(["P3", "P5", "P2", "P1", "P4", "P6"]);
  });

  test("Newest: created_at desc, higher id first on equal times", async () => {
    const res = await t.request("GET", "/api/posts/feed?filter=newest", { token: member.token });
    expect(keys(res.body)).toEqual(["P6", "P5", "P4", "P3", "P2", "P1"]);
  });

  test("Most Liked: like_count desc, newest first on ties", async () => {
    const res = await t.request("GET", "/api/posts/feed?filter=liked", { token: member.token });
    expect(keys(res.body)).toEqual(["P5", "P1", "P4", "P2", "P6", "P3"]);
  });

  test("items carry the club and the caller's own state", async () => {
    const res = await t.request("GET", "/api/posts/feed", { token: member.token });
    const p3 = res.body.find((p: { id: number }) => p.id === ids.P3);
    const p5 = res.body.find((p: { id: number }) => p.id === ids.P5);
    expect(p3).toMatchObject({
      club_id: clubA,
      club_name: "Alpha",
      liked_by_me: true,
      favorited_by_me: false,
    });
    expect(p5).toMatchObject({
      club_name: "Alpha",
      liked_by_me: false,
      favorited_by_me: true,
      can_edit: false,
    });
    const asOwner = await t.request("GET", "/api/posts/feed", { token: owner.token });
    const mine = asOwner.body.find((p: { id: number }) => p.id === ids.P3);
    const theirs = asOwner.body.find((p: { id: number }) => p.id === ids.P2);
    expect(mine).toMatchObject({ liked_by_me: false, can_edit: true });
    expect(theirs.can_edit).toBe(false);
  });

  test.each([["relevant"], ["newest"], ["liked"]])(
    "cursor and offset pages of %s join up to the full order",
    async (filter) => {
      const full = keys(
        (await t.request("GET", `/api/posts/feed?filter=${filter}`, { token: member.token })).body,
      );
      const viaCursor: (string | undefined)[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = `/api/posts/feed?filter=${filter}&limit=4${cursor ? `&cursor=${cursor}` : ""}`;
        const res = await t.request("GET", q, { token: member.token });
        expect(res.status).toBe(200);
        viaCursor.push(...keys(res.body));
        cursor = res.headers.get("x-next-cursor");
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(2);
      expect(viaCursor).toEqual(full);
      const second = await t.request("GET", `/api/posts/feed?filter=${filter}&limit=4&offset=4`, {
        token: member.token,
      });
      expect(keys(second.body)).toEqual(full.slice(4));
    },
  );

  test("a cursor of one sort cannot be used with another, and garbage is refused", async () => {
    const first = await t.request("GET", "/api/posts/feed?filter=newest&limit=2", { token: member.token });
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const mixed = await t.request("GET", `/api/posts/feed?filter=liked&cursor=${cursor}`, {
      token: member.token,
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.detail[0].loc).toEqual(["query", "cursor"]);
    const forged = Buffer.from(JSON.stringify(["newest", 0, "drop table posts", 1])).toString("base64url");
    expect(
      (await t.request("GET", `/api/posts/feed?filter=newest&cursor=${forged}`, { token: member.token }))
        .status,
    ).toBe(422);
    for (const bad of ["filter=popular", "scope=friends", "offset=10001", "limit=0", "limit=101"]) {
      expect((await t.request("GET", `/api/posts/feed?${bad}`, { token: member.token })).status).toBe(422);
    }
  });

  test("a brand-new member with no clubs sees every club's posts; scope=connected narrows to their clubs", async () => {
    const fresh = await t.createUser();
    const all = await t.request("GET", "/api/posts/feed?limit=3", { token: fresh.token });
    expect(all.body).toHaveLength(3);
    expect((await t.request("GET", "/api/posts/feed?scope=connected", { token: fresh.token })).body).toEqual(
      [],
    );
    await joinClub(t, clubA, fresh.id);
    const connected = await t.request("GET", "/api/posts/feed?scope=connected&filter=newest", {
      token: fresh.token,
    });
    expect(keys(connected.body)).toEqual(["P5", "P3", "P1"]);
    const owned = await t.request("GET", "/api/posts/feed?scope=connected&filter=newest", {
      token: owner.token,
    });
    expect(keys(owned.body)).toEqual(["P5", "P3", "P1"]);
  });

  test.each([
    ["relevant", ["P3", "P5", "P1"]],
    ["newest", ["P5", "P3", "P1"]],
    ["liked", ["P5", "P1", "P3"]],
  ])("scope=connected pages of %s by cursor and by offset", async (filter, expected) => {
    const path = `/api/posts/feed?scope=connected&filter=${filter}`;
    const seen: (string | undefined)[] = [];
    let cursor: string | null = null;
    do {
      const page: string = `${path}&limit=1${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await t.request("GET", page, { token: owner.token });
      expect(res.status).toBe(200);
      seen.push(...keys(res.body));
      cursor = res.headers.get("x-next-cursor");
    } while (cursor && seen.length < 10);
    expect(seen).toEqual(expected);
    const byOffset = await t.request("GET", `${path}&limit=2&offset=1`, { token: owner.token });
    expect(keys(byOffset.body)).toEqual(expected.slice(1));
  });

  test("the feed needs a signed-in user", async () => {
    expect((await t.request("GET", "/api/posts/feed")).status).toBe(401);
  });
});
