import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClub } from "../posts/post.fixtures";

// The machine may be busy (parallel suites, password hashing): allow slow requests.
setDefaultTimeout(30_000);

let t: TestApp;
type User = Awaited<ReturnType<TestApp["createUser"]>>;
let owner: User;
let member: User;
let other: User;
let admin: User;
let clubId: number;

beforeAll(async () => {
  // One test posts many comments at once to check the counter; the comment rate limit (tested
  // in platform/rate-limits) is opened wide so it does not cut that short.
  t = await setupTestApp({ RATE_COMMENTS_PER_ACCOUNT: "100000/1m", RATE_COMMENTS_PER_ADDRESS: "100000/1m" });
  [owner, member, other, admin] = await Promise.all([
    t.createUser({ role: "owner" }),
    t.createUser(),
    t.createUser(),
    t.createUser({ role: "admin" }),
  ]);
  clubId = await createClub(t, owner.id, "Debate");
}, 60_000);
afterAll(() => t.close());

async function newPost() {
  const [row] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, title) values (${clubId}, 'Post') returning id`;
  return row!.id;
}

const commentCount = async (postId: number) =>
  (await t.request("GET", `/api/posts/${postId}`)).body.comment_count as number;

describe("comments", () => {
  test("lifecycle: post, list oldest first with author names, delete by an admin", async () => {
    const postId = await newPost();
    await t.sql`update users set first_name = 'Ana', last_name = 'Pérez' where id = ${member.id}`;
    const first = await t.request("POST", `/api/posts/${postId}/comments`, {
      token: member.token,
      json: { content: "  Great event!  " },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      post_id: postId,
      user_id: member.id,
      content: "Great event!",
      author_display_name: "Ana Pérez",
      author_first_name: "Ana",
      author_last_name: "Pérez",
      author_username: member.username,
      author_picture_url: null,
    });
    expect(new Date(first.body.created_at).toISOString()).toBe(first.body.created_at);
    const second = await t.request("POST", `/api/posts/${postId}/comments`, {
      token: other.token,
      json: { content: "See you there" },
    });
    expect(second.body).toMatchObject({
      author_display_name: other.username,
      author_first_name: null,
      author_last_name: null,
    });
    expect(await commentCount(postId)).toBe(2);

    const list = await t.request("GET", `/api/posts/${postId}/comments`, { token: other.token });
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([first.body.id, second.body.id]);
    // The author's picture comes with each comment once they have one.
    const picture = `comment-author-${member.id}`;
    await t.sql`insert into uploads (id, content_type, data, byte_size) values (${picture}, 'image/png', '\\x00', 1)`;
    await t.sql`update users set profile_picture_id = ${picture} where id = ${member.id}`;
    const pictured = await t.request("GET", `/api/posts/${postId}/comments`, { token: other.token });
    expect(pictured.body[0].author_picture_url).toBe(`/uploads/${picture}`);
    expect(pictured.body[1].author_picture_url).toBeNull();
    expect(Object.keys(list.body[0]).sort()).toEqual(
      [
        "author_display_name",
        "author_first_name",
        "author_last_name",
        "author_picture_url",
        "author_username",
        "content",
        "created_at",
        "id",
        // Issue 37: true while a watched word holds the comment (only its author sees it).
        "pending_review",
        "post_id",
        "user_id",
      ].sort(),
    );

    const del = await t.request("DELETE", `/api/admin/comments/${first.body.id}`, { token: admin.token });
    expect(del.status).toBe(204);
    const after = await t.request("GET", `/api/posts/${postId}/comments`, { token: member.token });
    expect(after.body.map((c: { id: number }) => c.id)).toEqual([second.body.id]);
    expect(await commentCount(postId)).toBe(1);
    const audit = await t.sql<{ actor_id: number; action: string; target_type: string; details: unknown }[]>`
      select actor_id, action, target_type, details from audit_log where target_id = ${first.body.id}`;
    expect([...audit]).toEqual([
      {
        actor_id: admin.id,
        action: "comment.delete",
        target_type: "comment",
        details: { post_id: postId, author_id: member.id },
      },
    ]);
    expect(
      (await t.request("DELETE", `/api/admin/comments/${first.body.id}`, { token: admin.token })).status,
    ).toBe(404);
  });

  test("empty or whitespace-only content is refused and never stored; too long is refused", async () => {
    const postId = await newPost();
    for (const body of [{ content: "" }, { content: "   \n\t " }, {}]) {
      const res = await t.request("POST", `/api/posts/${postId}/comments`, {
        token: member.token,
        json: body,
      });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(["body", "content"]);
    }
    const long = await t.request("POST", `/api/posts/${postId}/comments`, {
      token: member.token,
      json: { content: "x".repeat(2001) },
    });
    expect(long.status).toBe(422);
    // ICU formats the number for the reader: "2,000" in English.
    expect(long.body.detail[0].msg).toBe("A comment must be at most 2,000 characters.");
    const [row] = await t.sql<{ n: string }[]>`select count(*) as n from comments where post_id = ${postId}`;
    expect(Number(row!.n)).toBe(0);
    expect(await commentCount(postId)).toBe(0);
  });

  test("a muted user cannot comment", async () => {
    const postId = await newPost();
    const muted = await t.createUser();
    await t.sql`update users set mute_until = now() + interval '2 hours' where id = ${muted.id}`;
    const res = await t.request("POST", `/api/posts/${postId}/comments`, {
      token: muted.token,
      json: { content: "hi" },
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toStartWith("You are muted until");
    expect(await commentCount(postId)).toBe(0);
    // An expired mute no longer blocks.
    await t.sql`update users set mute_until = now() - interval '1 minute' where id = ${muted.id}`;
    const later = await t.request("POST", `/api/posts/${postId}/comments`, {
      token: muted.token,
      json: { content: "hi" },
    });
    expect(later.status).toBe(201);
  });

  test("guests get 401; unknown posts 404", async () => {
    const postId = await newPost();
    expect((await t.request("GET", `/api/posts/${postId}/comments`)).status).toBe(401);
    expect(
      (await t.request("POST", `/api/posts/${postId}/comments`, { json: { content: "x" } })).status,
    ).toBe(401);
    expect((await t.request("GET", "/api/posts/99999999/comments", { token: member.token })).status).toBe(
      404,
    );
    const missing = await t.request("POST", "/api/posts/99999999/comments", {
      token: member.token,
      json: { content: "x" },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Post not found");
  });

  test("only admins use the admin delete; authors delete their own through /api/comments/{id}", async () => {
    const postId = await newPost();
    const mine = await t.request("POST", `/api/posts/${postId}/comments`, {
      token: member.token,
      json: { content: "a" },
    });
    const id = mine.body.id as number;
    expect((await t.request("DELETE", `/api/admin/comments/${id}`, { token: member.token })).status).toBe(
      403,
    );
    expect((await t.request("DELETE", `/api/admin/comments/${id}`, { token: owner.token })).status).toBe(403);
    expect((await t.request("DELETE", `/api/admin/comments/${id}`)).status).toBe(401);
    const notYours = await t.request("DELETE", `/api/comments/${id}`, { token: other.token });
    expect(notYours.status).toBe(403);
    expect(notYours.body.detail).toBe("You can only delete your own comments.");
    expect((await t.request("DELETE", `/api/comments/${id}`, { token: owner.token })).status).toBe(403);
    expect(await commentCount(postId)).toBe(1);
    expect((await t.request("DELETE", `/api/comments/${id}`, { token: member.token })).status).toBe(204);
    expect(await commentCount(postId)).toBe(0);
    // The author deleting their own comment is not a moderation action.
    const [row] = await t.sql<{ n: string }[]>`select count(*) as n from audit_log where target_id = ${id}`;
    expect(Number(row!.n)).toBe(0);
    expect((await t.request("DELETE", `/api/comments/${id}`, { token: member.token })).status).toBe(404);
  });

  test("comments go with their post, and keep a name when the author's account is deleted", async () => {
    const postId = await newPost();
    const gone = await t.createUser();
    await t.request("POST", `/api/posts/${postId}/comments`, { token: gone.token, json: { content: "bye" } });
    await t.sql`delete from users where id = ${gone.id}`;
    const list = await t.request("GET", `/api/posts/${postId}/comments`, { token: member.token });
    expect(list.body[0]).toMatchObject({
      user_id: null,
      author_display_name: "Deleted user",
      author_username: null,
    });
    await t.sql`delete from posts where id = ${postId}`;
    const [row] = await t.sql<{ n: string }[]>`select count(*) as n from comments where post_id = ${postId}`;
    expect(Number(row!.n)).toBe(0);
  });

  test("many concurrent comments keep comment_count exact", async () => {
    const postId = await newPost();
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.request("POST", `/api/posts/${postId}/comments`, {
          token: member.token,
          json: { content: `c${i}` },
        }),
      ),
    );
    expect(await commentCount(postId)).toBe(30);
    const list = await t.request("GET", `/api/posts/${postId}/comments?limit=10&offset=25`, {
      token: member.token,
    });
    expect(list.body).toHaveLength(5);
  });
});
