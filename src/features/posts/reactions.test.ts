import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClub, createManyUsers } from "./post.fixtures";

// The machine may be busy (parallel suites, password hashing): allow slow requests.
setDefaultTimeout(30_000);

let t: TestApp;
let owner: Awaited<ReturnType<TestApp["createUser"]>>;
let member: Awaited<ReturnType<TestApp["createUser"]>>;
let clubId: number;

beforeAll(async () => {
  t = await setupTestApp();
  owner = await t.createUser({ role: "owner" });
  member = await t.createUser();
  clubId = await createClub(t, owner.id, "Reactions");
}, 60_000);
afterAll(() => t.close());

async function newPost() {
  const [row] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, title) values (${clubId}, 'Post') returning id`;
  return row!.id;
}

async function counts(postId: number) {
  const [row] = await t.sql<
    { like_count: number; favorite_count: number; likes: string; favorites: string }[]
  >`
    select like_count, favorite_count,
      (select count(*) from post_likes where post_id = p.id) as likes,
      (select count(*) from post_favorites where post_id = p.id) as favorites
    from posts p where id = ${postId}`;
  return { ...row!, likes: Number(row!.likes), favorites: Number(row!.favorites) };
}

describe("POST /api/posts/{id}/like", () => {
  test("toggles the caller's like and returns the count", async () => {
    const id = await newPost();
    const on = await t.request("POST", `/api/posts/${id}/like`, { token: member.token });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ like_count: 1, liked: true });
    expect((await t.request("GET", `/api/posts/${id}`, { token: member.token })).body.liked_by_me).toBe(true);
    const second = await t.request("POST", `/api/posts/${id}/like`, { token: owner.token });
    expect(second.body).toEqual({ like_count: 2, liked: true });
    const off = await t.request("POST", `/api/posts/${id}/like`, { token: member.token });
    expect(off.body).toEqual({ like_count: 1, liked: false });
    expect((await t.request("GET", `/api/posts/${id}`, { token: member.token })).body.liked_by_me).toBe(
      false,
    );
  });

  test("guests get 401 and unknown posts 404", async () => {
    const id = await newPost();
    expect((await t.request("POST", `/api/posts/${id}/like`)).status).toBe(401);
    const missing = await t.request("POST", "/api/posts/99999999/like", { token: member.token });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Post not found");
  });

  test("200 users liking at once: the count is exact", async () => {
    const id = await newPost();
    const users = await createManyUsers(t, 200, "liker");
    const results = await Promise.all(
      users.map((u) => t.request("POST", `/api/posts/${id}/like`, { token: u.token })),
    );
    expect(results.every((r) => r.status === 200 && r.body.liked === true)).toBe(true);
    // Every count from 1 to 200 was handed out exactly once.
    expect(results.map((r) => r.body.like_count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    expect(await counts(id)).toMatchObject({ like_count: 200, likes: 200 });

    // Half of them take it back while the other half like again: 100 unlikes, 100 no-ops? No:
    // a toggle by someone who likes it is an unlike, so all 200 toggles now unlike.
    const back = await Promise.all(
      users.map((u) => t.request("POST", `/api/posts/${id}/like`, { token: u.token })),
    );
    expect(back.every((r) => r.status === 200 && r.body.liked === false)).toBe(true);
    expect(await counts(id)).toMatchObject({ like_count: 0, likes: 0 });
  }, 60_000);

  test("50 distinct users toggling mixed with repeated toggles by one user stay exact", async () => {
    const id = await newPost();
    const users = await createManyUsers(t, 50, "mixed");
    const one = users[0]!;
    const requests = [
      ...users.map((u) => t.request("POST", `/api/posts/${id}/like`, { token: u.token })),
      // One user toggles 21 more times, concurrently with everyone else: 22 toggles in all.
      ...Array.from({ length: 21 }, () => t.request("POST", `/api/posts/${id}/like`, { token: one.token })),
    ];
    const results = await Promise.all(requests);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const after = await counts(id);
    expect(after.like_count).toBe(after.likes);
    // 22 toggles (an even number) leave the one user's like off: the other 49 remain.
    expect(after.likes).toBe(49);
  }, 60_000);
});

describe("POST /api/posts/{id}/favorite", () => {
  test("toggles like the like button and shows in the post", async () => {
    const id = await newPost();
    const on = await t.request("POST", `/api/posts/${id}/favorite`, { token: member.token });
    expect(on.body).toEqual({ favorite_count: 1, favorited: true });
    const post = await t.request("GET", `/api/posts/${id}`, { token: member.token });
    expect(post.body).toMatchObject({ favorite_count: 1, favorited_by_me: true, like_count: 0 });
    const off = await t.request("POST", `/api/posts/${id}/favorite`, { token: member.token });
    expect(off.body).toEqual({ favorite_count: 0, favorited: false });
    expect((await t.request("POST", `/api/posts/${id}/favorite`)).status).toBe(401);
  });

  test("concurrent favorites are exact", async () => {
    const id = await newPost();
    const users = await createManyUsers(t, 60, "fav");
    await Promise.all(users.map((u) => t.request("POST", `/api/posts/${id}/favorite`, { token: u.token })));
    expect(await counts(id)).toMatchObject({ favorite_count: 60, favorites: 60 });
  }, 60_000);
});

describe("POST /api/posts/{id}/view", () => {
  test("counts a user's view once a day", async () => {
    const id = await newPost();
    expect((await t.request("POST", `/api/posts/${id}/view`, { token: member.token })).body).toEqual({
      views: 1,
    });
    expect((await t.request("POST", `/api/posts/${id}/view`, { token: member.token })).body).toEqual({
      views: 1,
    });
    expect((await t.request("POST", `/api/posts/${id}/view`, { token: owner.token })).body).toEqual({
      views: 2,
    });
    // 23 hours later: still not counted again; 25 hours later: counted.
    await t.sql`update post_views set counted_at = now() - interval '23 hours' where post_id = ${id} and user_id = ${member.id}`;
    expect((await t.request("POST", `/api/posts/${id}/view`, { token: member.token })).body).toEqual({
      views: 2,
    });
    await t.sql`update post_views set counted_at = now() - interval '25 hours' where post_id = ${id} and user_id = ${member.id}`;
    expect((await t.request("POST", `/api/posts/${id}/view`, { token: member.token })).body).toEqual({
      views: 3,
    });
    expect((await t.request("GET", `/api/posts/${id}`)).body.views).toBe(3);
  });

  test("many opens at once by one user count once", async () => {
    const id = await newPost();
    await Promise.all(
      Array.from({ length: 20 }, () => t.request("POST", `/api/posts/${id}/view`, { token: member.token })),
    );
    expect((await t.request("GET", `/api/posts/${id}`)).body.views).toBe(1);
  });

  test("guests get 401 and unknown posts 404", async () => {
    const id = await newPost();
    expect((await t.request("POST", `/api/posts/${id}/view`)).status).toBe(401);
    expect((await t.request("POST", "/api/posts/99999999/view", { token: member.token })).status).toBe(404);
  });
});
