import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClub, pngFile, postForm } from "./post.fixtures";

// The machine may be busy (parallel suites, password hashing): allow slow requests.
setDefaultTimeout(30_000);

let t: TestApp;
type User = Awaited<ReturnType<TestApp["createUser"]>>;
let owner: User;
let otherOwner: User;
let member: User;
let admin: User;
let clubId: number;

beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
  [owner, otherOwner, member, admin] = await Promise.all([
    t.createUser({ role: "owner" }),
    t.createUser({ role: "owner" }),
    t.createUser(),
    t.createUser({ role: "admin" }),
  ]);
  clubId = await createClub(t, owner.id, "Robotics");
  await createClub(t, otherOwner.id, "Chess");
}, 60_000);
afterAll(() => t.close());

function create(token: string | null, fields: Record<string, string | Blob>) {
  return t.request("POST", "/api/posts", {
    token,
    multipart: postForm({ club_id: String(clubId), ...fields }),
  });
}

describe("GET, PUT and DELETE /api/posts/{id}", () => {
  test("anyone can read a post; only the club's owner and admins see can_edit", async () => {
    const { body: post } = await create(owner.token, { title: "Readable" });
    const guest = await t.request("GET", `/api/posts/${post.id}`);
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ id: post.id, title: "Readable", can_edit: false, liked_by_me: false });
    expect((await t.request("GET", `/api/posts/${post.id}`, { token: member.token })).body.can_edit).toBe(
      false,
    );
    expect((await t.request("GET", `/api/posts/${post.id}`, { token: otherOwner.token })).body.can_edit).toBe(
      false,
    );
    expect((await t.request("GET", `/api/posts/${post.id}`, { token: admin.token })).body.can_edit).toBe(
      true,
    );
    expect((await t.request("GET", "/api/posts/99999999")).status).toBe(404);
    expect((await t.request("GET", "/api/posts/abc")).status).toBe(422);
  });

  test("the owner edits part of a post; other fields keep their values", async () => {
    const { body: post } = await create(owner.token, {
      title: "Old",
      content: "Body",
      image: await pngFile(),
    });
    const res = await t.request("PUT", `/api/posts/${post.id}`, {
      token: owner.token,
      multipart: postForm({ title: "New", instagram_url: "https://www.instagram.com/p/CxYz123AbC" }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: post.id,
      title: "New",
      content: "Body",
      image_url: post.image_url,
      instagram_url: "https://www.instagram.com/p/CxYz123AbC/",
    });
    const removed = await t.request("PUT", `/api/posts/${post.id}`, {
      token: admin.token,
      multipart: postForm({ remove_image: "true", is_event: "true", event_date: "2031-01-02" }),
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ image_url: null, media: [], is_event: true });
    expect(removed.body.event_date).toBe("2031-01-02T00:00:00.000Z");
    // The old image is no longer referenced, so it is gone.
    expect((await t.request("GET", post.image_url)).status).toBe(404);
  });

  test("an edit is checked like a new post", async () => {
    const { body: post } = await create(owner.token, { title: "Only title" });
    const empty = await t.request("PUT", `/api/posts/${post.id}`, {
      token: owner.token,
      multipart: postForm({ title: "" }),
    });
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toBe("Please add text, an Instagram URL, or upload an image.");
    const noDate = await t.request("PUT", `/api/posts/${post.id}`, {
      token: owner.token,
      multipart: postForm({ is_event: "true" }),
    });
    expect(noDate.status).toBe(422);
    expect(noDate.body.detail).toBe("Please select a date");
    const badUrl = await t.request("PUT", `/api/posts/${post.id}`, {
      token: owner.token,
      multipart: postForm({ instagram_url: "https://example.com/p/abcdef" }),
    });
    expect(badUrl.status).toBe(422);
    expect((await t.request("GET", `/api/posts/${post.id}`)).body.title).toBe("Only title");
  });

  test("members, other clubs' owners and muted owners may not edit", async () => {
    const { body: post } = await create(owner.token, { title: "Mine" });
    const edit = (token: string | null) =>
      t.request("PUT", `/api/posts/${post.id}`, { token, multipart: postForm({ title: "Hijacked" }) });
    expect((await edit(null)).status).toBe(401);
    expect((await edit(member.token)).status).toBe(403);
    expect((await edit(otherOwner.token)).status).toBe(403);
    expect(
      (await t.request("PUT", "/api/posts/99999999", { token: owner.token, multipart: postForm({}) })).status,
    ).toBe(404);
    expect((await t.request("GET", `/api/posts/${post.id}`)).body.title).toBe("Mine");
  });

  test("delete: the owner or an admin; likes, comments, views and images go with the post", async () => {
    const { body: post } = await create(owner.token, { title: "Doomed", image: await pngFile(300, 300) });
    await t.request("POST", `/api/posts/${post.id}/like`, { token: member.token });
    await t.request("POST", `/api/posts/${post.id}/favorite`, { token: member.token });
    await t.request("POST", `/api/posts/${post.id}/view`, { token: member.token });
    await t.request("POST", `/api/posts/${post.id}/comments`, {
      token: member.token,
      json: { content: "bye" },
    });
    expect((await t.request("DELETE", `/api/posts/${post.id}`)).status).toBe(401);
    expect((await t.request("DELETE", `/api/posts/${post.id}`, { token: member.token })).status).toBe(403);
    expect((await t.request("DELETE", `/api/posts/${post.id}`, { token: otherOwner.token })).status).toBe(
      403,
    );
    expect((await t.request("DELETE", `/api/posts/${post.id}`, { token: owner.token })).status).toBe(204);
    expect((await t.request("GET", `/api/posts/${post.id}`)).status).toBe(404);
    expect((await t.request("DELETE", `/api/posts/${post.id}`, { token: owner.token })).status).toBe(404);
    const [left] = await t.sql<{ n: number }[]>`
      select (select count(*) from post_likes where post_id = ${post.id})
           + (select count(*) from post_favorites where post_id = ${post.id})
           + (select count(*) from post_views where post_id = ${post.id})
           + (select count(*) from comments where post_id = ${post.id}) as n`;
    expect(Number(left!.n)).toBe(0);
    expect((await t.request("GET", post.image_url)).status).toBe(404);

    const { body: other } = await create(owner.token, { title: "Admin removes" });
    expect((await t.request("DELETE", `/api/posts/${other.id}`, { token: admin.token })).status).toBe(204);
    // Moderation is audited; the owner removing their own post is not.
    const audit = await t.request("GET", "/api/admin/audit?action=post.delete", { token: admin.token });
    const entries = (audit.body as { target_id: number; actor_id: number }[]).filter(
      (e) => e.target_id === other.id || e.target_id === post.id,
    );
    expect(entries).toEqual([expect.objectContaining({ target_id: other.id, actor_id: admin.id })]);
  });

  test("an image shared by two posts survives the deletion of one of them", async () => {
    const image = await pngFile(640, 480);
    const { body: a } = await create(owner.token, { image });
    const { body: b } = await create(owner.token, { image });
    expect(b.image_url).toBe(a.image_url);
    expect(b.thumbnail_url).toBe(a.thumbnail_url);
    expect((await t.request("DELETE", `/api/posts/${a.id}`, { token: owner.token })).status).toBe(204);
    expect((await t.request("GET", b.image_url)).status).toBe(200);
    expect((await t.request("GET", b.thumbnail_url)).status).toBe(200);
    expect((await t.request("GET", `/api/posts/${b.id}`)).body.thumbnail_url).toBe(a.thumbnail_url);
  });

  test("deleting a club deletes its posts", async () => {
    const club = await createClub(t, owner.id, "Short-lived");
    const res = await t.request("POST", "/api/posts", {
      token: owner.token,
      multipart: postForm({ club_id: String(club), title: "x" }),
    });
    await t.sql`delete from clubs where id = ${club}`;
    expect((await t.request("GET", `/api/posts/${res.body.id}`)).status).toBe(404);
  });
});
