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
let muted: User;
let clubId: number;

beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
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
      club_cover_url: null,
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
