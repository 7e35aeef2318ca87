import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { postForm } from "../posts/post.fixtures";
import { auditActions, systemReports, watchWords } from "./watched-words.fixtures";

setDefaultTimeout(60_000);
let t: TestApp;
let admin: QuickUser;
let owner: QuickUser;
let member: QuickUser;
let clubId: number;

beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
  admin = await createQuickUser(t, { role: "admin" });
  owner = await createQuickUser(t, { role: "owner" });
  member = await createQuickUser(t);
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club Retenciones', 'Un club', ${owner.id}) returning id`;
  clubId = club!.id;
  await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${member.id})`;
  await watchWords(t, admin.token, { baboso: "hold" });
});
afterAll(() => t.close());

const FUTURE = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString();

async function createPost(fields: Record<string, unknown>) {
  const res = await t.request("POST", "/api/posts", {
    token: owner.token,
    json: { club_id: clubId, ...fields },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; pending_review: boolean };
}

const ids = (body: unknown) => (body as { id: number }[]).map((p) => p.id);
const feed = (token: string, scope = "all") =>
  t.request("GET", `/api/posts/feed?filter=newest&scope=${scope}&limit=50`, { token });
const clubPosts = (token?: string) => t.request("GET", `/api/clubs/${clubId}/posts?limit=50`, { token });
const clubEvents = (token?: string) => t.request("GET", `/api/clubs/${clubId}/events`, { token });
const recentPosts = async () =>
  (await t.sql<{ posts: number }[]>`select posts from club_recent_posts where club_id = ${clubId}`)[0]
    ?.posts ?? 0;
const resolve = (id: number, action: string) =>
  t.request("POST", "/api/admin/reports/resolve", {
    token: admin.token,
    json: { target_type: "post", target_id: id, action },
  });

describe("held posts", () => {
  test("only the author sees a held post, anywhere, until an admin approves it", async () => {
    const countedBefore = await recentPosts();
    const post = await createPost({ title: "Aviso", content: "Qué baboso" });
    expect(post.pending_review).toBe(true);

    expect(ids((await feed(owner.token)).body)).toContain(post.id);
    expect((await feed(owner.token)).body.find((p: any) => p.id === post.id).pending_review).toBe(true);
    expect(ids((await feed(member.token)).body)).not.toContain(post.id);
    expect(ids((await feed(member.token, "connected")).body)).not.toContain(post.id);
    expect(ids((await feed(admin.token)).body)).not.toContain(post.id);
    expect(ids((await clubPosts(owner.token)).body)).toContain(post.id);
    expect(ids((await clubPosts(member.token)).body)).not.toContain(post.id);
    expect(ids((await clubPosts()).body)).not.toContain(post.id);
    expect((await t.request("GET", `/api/posts/${post.id}`, { token: owner.token })).status).toBe(200);
    expect((await t.request("GET", `/api/posts/${post.id}`, { token: member.token })).status).toBe(404);
    expect((await t.request("GET", `/api/posts/${post.id}`)).status).toBe(404);
    // Nothing to act on either: comments, likes and reports answer as for a missing post.
    expect((await t.request("GET", `/api/posts/${post.id}/comments`, { token: member.token })).status).toBe(
      404,
    );
    const comment = await t.request("POST", `/api/posts/${post.id}/comments`, {
      token: member.token,
      json: { content: "Hola" },
    });
    expect(comment.status).toBe(404);
    expect((await t.request("POST", `/api/posts/${post.id}/like`, { token: member.token })).status).toBe(404);
    const report = await t.request("POST", "/api/reports", {
      token: member.token,
      json: { target_type: "post", target_id: post.id, reason: "spam" },
    });
    expect(report.status).toBe(404);
    expect(await recentPosts()).toBe(countedBefore);

    const groups = (await t.request("GET", "/api/admin/reports", { token: admin.token })).body;
    const group = groups.find((g: any) => g.target_type === "post" && g.target_id === post.id);
    expect(group).toMatchObject({
      held: true,
      snapshot: "Aviso\nQué baboso",
      highlights: [{ start: 10, end: 16 }],
    });

    const etag = (await feed(member.token)).headers.get("etag")!;
    expect((await resolve(post.id, "approve")).status).toBe(200);
    const after = await t.request("GET", "/api/posts/feed?filter=newest&scope=all&limit=50", {
      token: member.token,
      headers: { "if-none-match": etag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(after.body[0]).toMatchObject({ id: post.id, pending_review: false });
    expect(ids((await clubPosts()).body)).toContain(post.id);
    expect((await t.request("GET", `/api/posts/${post.id}`, { token: member.token })).status).toBe(200);
    expect(await recentPosts()).toBe(countedBefore + 1);
    expect((await auditActions(t, "held.approve")).map((a) => [a.target_type, a.target_id])).toContainEqual([
      "post",
      post.id,
    ]);
  });

  test("a held event stays out of event lists, calendars and RSVPs until approved", async () => {
    const event = await createPost({
      title: "Fiesta",
      is_event: true,
      event_date: FUTURE,
      event_location: "Casa baboso",
    });
    expect(event.pending_review).toBe(true);
    expect(ids((await clubEvents(owner.token)).body)).toContain(event.id);
    expect(ids((await clubEvents(member.token)).body)).not.toContain(event.id);
    const upcoming = await t.request("GET", "/api/events/upcoming", { token: member.token });
    expect(ids(upcoming.body.events)).not.toContain(event.id);
    const rsvp = await t.request("POST", `/api/posts/${event.id}/rsvp`, {
      token: member.token,
      json: { status: "going" },
    });
    expect(rsvp.status).toBe(404);
    expect((await t.request("GET", `/api/posts/${event.id}/event.ics`)).status).toBe(404);
    const calendar = await t.request("GET", `/clubs/${clubId}/calendar.ics`);
    expect(calendar.status).toBe(200);
    expect(String(calendar.body)).not.toContain("Fiesta");

    expect((await resolve(event.id, "approve")).status).toBe(200);
    expect(ids((await clubEvents(member.token)).body)).toContain(event.id);
    expect(String((await t.request("GET", `/clubs/${clubId}/calendar.ics`)).body)).toContain("Fiesta");
  });

  test("rejecting deletes it; an edit can hold a published post again", async () => {
    const post = await createPost({ title: "Baboso" });
    expect((await resolve(post.id, "delete")).status).toBe(200);
    expect(await t.sql`select 1 from posts where id = ${post.id}`).toHaveLength(0);
    expect((await auditActions(t, "held.reject")).map((a) => a.target_id)).toContain(post.id);

    const clean = await createPost({ title: "Taller" });
    expect(clean.pending_review).toBe(false);
    const edited = await t.request("PUT", `/api/posts/${clean.id}`, {
      token: owner.token,
      multipart: postForm({ content: "baboso" }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.pending_review).toBe(true);
    expect(ids((await clubPosts(member.token)).body)).not.toContain(clean.id);
    expect(await systemReports(t, "post", clean.id)).toHaveLength(1);
  });
});
