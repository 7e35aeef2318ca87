import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClub, pngFile, postForm } from "./test-fixtures";

// The machine may be busy (parallel suites, password hashing): allow slow requests.
setDefaultTimeout(30_000);

let t: TestApp;
type User = Awaited<ReturnType<TestApp["createUser"]>>;
let owner: User;
let otherOwner: User;
let member: User;
let admin: User;
let muted: User;
let clubId: number;

beforeAll(async () => {
  t = await setupTestApp();
  [owner, otherOwner, member, admin, muted] = await Promise.all([
    t.createUser({ role: "owner" }),
    t.createUser({ role: "owner" }),
    t.createUser(),
    t.createUser({ role: "admin" }),
    t.createUser({ role: "owner" }),
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

describe("POST /api/posts", () => {
  test("the club's owner publishes a post with every field", async () => {
    const res = await create(owner.token, {
      title: "  Welcome  ",
      short_description: "Kick-off",
      content: "Meet us Friday",
      instagram_url: "instagram.com/reel/C9abc_-DEF/?igsh=xyz",
      display_image_first: "true",
      is_event: "false",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      club_id: clubId,
      club_name: "Robotics",
      club_image_url: null,
      title: "Welcome",
      short_description: "Kick-off",
      content: "Meet us Friday",
      instagram_url: "https://www.instagram.com/p/C9abc_-DEF/",
      image_url: null,
      thumbnail_url: null,
      media: [],
      is_event: false,
      event_date: null,
      display_image_first: true,
      like_count: 0,
      liked_by_me: false,
      favorite_count: 0,
      favorited_by_me: false,
      comment_count: 0,
      views: 0,
      can_edit: true,
    });
    expect(typeof res.body.id).toBe("number");
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
  });

  test("an image alone is enough; a smaller thumbnail is stored too", async () => {
    const res = await create(owner.token, { image: await pngFile(1200, 900) });
    expect(res.status).toBe(201);
    expect(res.body.image_url).toMatch(/^\/uploads\/[a-f0-9]{64}$/);
    expect(res.body.thumbnail_url).toMatch(/^\/uploads\/[a-f0-9]{64}$/);
    expect(res.body.thumbnail_url).not.toBe(res.body.image_url);
    expect(res.body.media).toEqual([{ url: res.body.image_url }]);
    const [thumb] = await t.sql<{ width: number }[]>`
      select width from uploads where id = ${res.body.thumbnail_url.slice("/uploads/".length)}`;
    expect(thumb!.width).toBe(400);
    const image = await t.request("GET", res.body.image_url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  test("an event needs a date and keeps it with its location", async () => {
    const missing = await create(owner.token, { title: "Hackathon", is_event: "true" });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toBe("Please select a date");
    const res = await create(owner.token, {
      title: "Hackathon",
      is_event: "true",
      event_date: "2030-05-04T18:30:00-06:00",
      event_location: "UNI, Managua",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      is_event: true,
      event_date: "2030-05-05T00:30:00.000Z",
      event_location: "UNI, Managua",
    });
  });

  test("an admin may post in any club", async () => {
    const res = await create(admin.token, { content: "From the admins" });
    expect(res.status).toBe(201);
    expect(res.body.can_edit).toBe(true);
  });

  test("guests, members and owners of other clubs may not post", async () => {
    expect((await create(null, { title: "x" })).status).toBe(401);
    const asMember = await create(member.token, { title: "x" });
    expect(asMember.status).toBe(403);
    expect(asMember.body.detail).toBe("Only this club's owner or an admin can do this.");
    expect((await create(otherOwner.token, { title: "x" })).status).toBe(403);
  });

  test("a muted owner may not post", async () => {
    const mutedClub = await createClub(t, muted.id, "Muted club");
    await t.sql`update users set mute_until = now() + interval '1 hour' where id = ${muted.id}`;
    const res = await t.request("POST", "/api/posts", {
      token: muted.token,
      multipart: postForm({ club_id: String(mutedClub), title: "x" }),
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toStartWith("You are muted until");
  });

  test("a post with no text, Instagram URL or image is refused", async () => {
    const cases: Record<string, string | Blob>[] = [
      {},
      { title: "   ", content: "\n" },
      { instagram_url: " ", image: new File([], "") },
    ];
    for (const fields of cases) {
      const res = await create(owner.token, fields);
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe("Please add text, an Instagram URL, or upload an image.");
    }
  });

  test("an address that is not an Instagram post is refused on its field", async () => {
    for (const url of ["https://evil.com/p/abcdef", "instagram.com/someone", "javascript:alert(1)"]) {
      const res = await create(owner.token, { title: "x", instagram_url: url });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(["body", "instagram_url"]);
    }
  });

  test("other field errors: bad date, bad boolean, too long, bad club, not an image", async () => {
    const badDate = await create(owner.token, { title: "x", is_event: "true", event_date: "next friday" });
    expect(badDate.status).toBe(422);
    expect(badDate.body.detail).toEqual([{ loc: ["body", "event_date"], msg: "Please enter a valid date." }]);
    const badBool = await create(owner.token, { title: "x", is_event: "maybe" });
    expect(badBool.status).toBe(422);
    expect(badBool.body.detail[0].loc).toEqual(["body", "is_event"]);
    const long = await create(owner.token, { title: "x".repeat(201) });
    expect(long.status).toBe(422);
    expect(long.body.detail[0].msg).toBe("The title must be at most 200 characters.");
    const noClub = await t.request("POST", "/api/posts", {
      token: owner.token,
      multipart: postForm({ title: "x" }),
    });
    expect(noClub.status).toBe(422);
    const unknownClub = await t.request("POST", "/api/posts", {
      token: admin.token,
      multipart: postForm({ club_id: "999999", title: "x" }),
    });
    expect(unknownClub.status).toBe(404);
    expect(unknownClub.body.detail).toBe("Club not found");
    const text = new File(["hello"], "notes.png", { type: "image/png" });
    const notImage = await create(owner.token, { image: text });
    expect(notImage.status).toBe(415);
    expect(notImage.body.detail).toBe("Only PNG, JPG or JPEG images are allowed.");
  });
});

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

describe("a club's posts and events", () => {
  test("GET /api/clubs/{id}/posts lists the club's posts newest first, for guests too, with paging", async () => {
    const club = await createClub(t, owner.id, "Paged");
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.request("POST", "/api/posts", {
        token: owner.token,
        multipart: postForm({ club_id: String(club), title: `P${i}` }),
      });
      ids.push(res.body.id);
    }
    // Two posts share a timestamp: the higher id comes first.
    await t.sql`update posts set created_at = '2030-01-01T00:00:00Z' where id in ${t.sql([ids[1]!, ids[3]!])}`;
    const expected = [ids[3], ids[1], ids[4], ids[2], ids[0]];
    const all = await t.request("GET", `/api/clubs/${club}/posts`);
    expect(all.status).toBe(200);
    expect(all.body.map((p: { id: number }) => p.id)).toEqual(expected);
    expect(all.headers.get("x-next-cursor")).toBeNull();

    const first = await t.request("GET", `/api/clubs/${club}/posts?limit=2`, { token: member.token });
    expect(first.body.map((p: { id: number }) => p.id)).toEqual(expected.slice(0, 2));
    const cursor = first.headers.get("x-next-cursor")!;
    const second = await t.request("GET", `/api/clubs/${club}/posts?limit=2&cursor=${cursor}`);
    expect(second.body.map((p: { id: number }) => p.id)).toEqual(expected.slice(2, 4));
    const byOffset = await t.request("GET", `/api/clubs/${club}/posts?limit=2&offset=4`);
    expect(byOffset.body.map((p: { id: number }) => p.id)).toEqual(expected.slice(4));

    expect((await t.request("GET", `/api/clubs/${club}/posts?cursor=garbage`)).status).toBe(422);
    expect((await t.request("GET", `/api/clubs/${club}/posts?limit=101`)).status).toBe(422);
    const unknown = await t.request("GET", "/api/clubs/99999999/posts");
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("Club not found");
    const empty = await createClub(t, owner.id, "Empty");
    expect((await t.request("GET", `/api/clubs/${empty}/posts`)).body).toEqual([]);
  });

  test("GET /api/clubs/{id}/events returns events in a range, soonest first; upcoming by default", async () => {
    const club = await createClub(t, owner.id, "Calendar");
    const event = async (title: string, date: string) =>
      (
        await t.request("POST", "/api/posts", {
          token: owner.token,
          multipart: postForm({ club_id: String(club), title, is_event: "true", event_date: date }),
        })
      ).body.id as number;
    const past = await event("Past", "2020-03-01T10:00:00Z");
    const may = await event("May", "2099-05-10T10:00:00Z");
    const april = await event("April", "2099-04-20T10:00:00Z");
    const june = await event("June", "2099-06-01T00:00:00Z");
    await t.request("POST", "/api/posts", {
      token: owner.token,
      multipart: postForm({ club_id: String(club), title: "Not an event" }),
    });
    const ids = (res: { body: { id: number }[] }) => res.body.map((p) => p.id);

    const upcoming = await t.request("GET", `/api/clubs/${club}/events`);
    expect(upcoming.status).toBe(200);
    expect(ids(upcoming)).toEqual([april, may, june]);
    const range = await t.request("GET", `/api/clubs/${club}/events?from=2099-04-01&to=2099-06-01`, {
      token: member.token,
    });
    expect(ids(range)).toEqual([april, may]);
    const old = await t.request("GET", `/api/clubs/${club}/events?from=2020-01-01&to=2020-12-31T23:59:59Z`);
    expect(ids(old)).toEqual([past]);
    const backwards = await t.request("GET", `/api/clubs/${club}/events?from=2099-06-01&to=2099-04-01`);
    expect(backwards.status).toBe(422);
    expect(backwards.body.detail[0].msg).toBe("The start of the range must be before its end.");
    expect((await t.request("GET", `/api/clubs/${club}/events?from=tomorrow`)).status).toBe(422);
    expect((await t.request("GET", "/api/clubs/99999999/events")).status).toBe(404);
  });
});
