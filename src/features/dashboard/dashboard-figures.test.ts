import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { DashboardJson } from "../../../common/api/dashboard";
import type { TestApp } from "../../../test/harness";
import { setupTestApp } from "../../../test/harness";
import { createQuickUser, type QuickUser } from "../clubs/user.fixtures";

setDefaultTimeout(60_000);

/**
 * The dashboard's figures against hand counts on fixed data (Managua days, UTC−6). Range:
 * 2026-10-01 to 2026-10-05. Every row is inserted with its own time, so the counts below are
 * worked out by hand in the comments.
 */
let t: TestApp;
let admin: QuickUser;
let owner: QuickUser;
let clubA: number;
let clubB: number;
const RANGE = "from=2026-10-01&to=2026-10-05";

async function user() {
  return (await createQuickUser(t)).id;
}

async function insertClub(name: string, ownerId: number) {
  const [row] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values (${name}, 'x', ${ownerId}) returning id`;
  return row!.id;
}

async function member(clubId: number, joinedAt: string) {
  await t.sql`insert into club_members (club_id, user_id, joined_at) values (${clubId}, ${await user()}, ${joinedAt})`;
}

async function post(clubId: number, fields: Record<string, unknown>) {
  const [inserted] = await t.sql<{ id: number }[]>`
    insert into posts ${t.sql({ club_id: clubId, ...fields })} returning id`;
  return inserted!.id;
}

async function message(values: Record<string, unknown>) {
  await t.sql`insert into messages ${t.sql({ sender_id: admin.id, content: "hola", ...values })}`;
}

beforeAll(async () => {
  t = await setupTestApp();
  admin = await createQuickUser(t, { role: "admin" });
  owner = await createQuickUser(t, { role: "owner" });
  clubA = await insertClub("Robótica", owner.id);
  clubB = await insertClub("Ajedrez", (await createQuickUser(t, { role: "owner" })).id);

  // Members of A. Today: 4 (u1, u2, u3, u4). Ends of days: 10-01 u1, u3, d1 = 3; 10-02 +u2 = 4;
  // 10-03 +d2 = 5; 10-04 −d1 = 4; 10-05 −d2 = 3.
  await member(clubA, "2026-09-20T12:00:00Z");
  await member(clubA, "2026-10-02T12:00:00Z");
  await member(clubA, "2026-10-02T05:00:00Z"); // 23:00 on 10-01 in Managua
  await member(clubA, "2026-10-10T12:00:00Z"); // after the range
  await t.sql`insert into club_member_departures (club_id, joined_at, left_at) values
    (${clubA}, '2026-09-01T12:00:00Z', '2026-10-04T12:00:00Z'),
    (${clubA}, '2026-10-03T12:00:00Z', '2026-10-05T12:00:00Z')`;
  // B: one member since 10-02.
  await member(clubB, "2026-10-02T12:00:00Z");

  // Requests to A received in the range: 3 accepted (2 h, 10 h, 6 h), 1 declined (4 h),
  // 1 withdrawn (not an answer), 1 pending; median of 2, 4, 6, 10 h = 5 h. Outside: 2 more.
  await t.sql`insert into join_request_outcomes (club_id, requested_at, answered_at, outcome) values
    (${clubA}, '2026-10-01T12:00:00Z', '2026-10-01T14:00:00Z', 'accepted'),
    (${clubA}, '2026-10-02T12:00:00Z', '2026-10-02T22:00:00Z', 'accepted'),
    (${clubA}, '2026-10-05T12:00:00Z', '2026-10-05T18:00:00Z', 'accepted'),
    (${clubA}, '2026-10-03T12:00:00Z', '2026-10-03T16:00:00Z', 'declined'),
    (${clubA}, '2026-10-03T13:00:00Z', '2026-10-03T14:00:00Z', 'withdrawn'),
    (${clubA}, '2026-09-25T12:00:00Z', '2026-09-29T16:00:00Z', 'accepted')`;
  await t.sql`insert into connection_requests (club_id, user_id, created_at) values
    (${clubA}, ${await user()}, '2026-10-04T12:00:00Z'),
    (${clubA}, ${await user()}, '2026-09-01T12:00:00Z'),
    (${clubB}, ${await user()}, '2026-10-03T12:00:00Z')`;

  // Posts of A: P1 and P2 published in the range, P3 before it.
  const p1 = await post(clubA, {
    title: "P1",
    created_at: "2026-10-02T12:00:00Z",
    like_count: 3,
    comment_count: 2,
    views: 10,
  });
  const p2 = await post(clubA, {
    title: "P2",
    created_at: "2026-10-04T12:00:00Z",
    like_count: 0,
    comment_count: 1,
    views: 4,
  });
  const p3 = await post(clubA, { title: "P3", created_at: "2026-09-15T12:00:00Z", views: 11 });
  // Views per day: 10-01 2, 10-02 6, 10-03 4, 10-04 4 = 16 (09-30 is outside).
  await t.sql`insert into post_view_days (post_id, club_id, day, views) values
    (${p1}, ${clubA}, '2026-10-02', 6), (${p1}, ${clubA}, '2026-10-03', 4),
    (${p2}, ${clubA}, '2026-10-04', 4), (${p3}, ${clubA}, '2026-10-01', 2), (${p3}, ${clubA}, '2026-09-30', 9)`;

  // Events of A: E1 in the range; a held one and a later one are not.
  const old = "2026-09-01T12:00:00Z";
  const e1 = await post(clubA, {
    title: "E1",
    created_at: old,
    is_event: true,
    event_date: "2026-10-03T20:00:00Z",
    going_count: 5,
    waitlist_count: 1,
  });
  // Two people checked in at E1 (its owner opened check-in, so it has a key).
  await t.sql`insert into event_check_in_keys (post_id, secret) values (${e1}, 'k')`;
  for (const at of ["2026-10-03T20:05:00Z", "2026-10-03T20:10:00Z"])
    await t.sql`insert into event_check_ins (post_id, user_id, checked_in_at) values (${e1}, ${await user()}, ${at})`;
  // One check-in waiting for the owner's word and one rejected: neither counts as attended.
  for (const status of ["pending", "rejected"])
    await t.sql`insert into event_check_ins (post_id, user_id, checked_in_at, status)
      values (${e1}, ${await user()}, '2026-10-03T21:00:00Z', ${status})`;
  await post(clubA, {
    title: "E2",
    created_at: old,
    is_event: true,
    event_date: "2026-10-03T20:00:00Z",
    held: true,
  });
  await post(clubA, { title: "E3", created_at: old, is_event: true, event_date: "2026-10-20T20:00:00Z" });

  // Chat of A: 10-02 3, 10-04 5, 10-05 2 (one at 21:00 Managua = 03:00Z the next day); a held
  // one is not counted. B: 1 on 10-02. Direct: 1 on 10-03 (site totals only).
  for (let i = 0; i < 3; i++) await message({ club_id: clubA, created_at: "2026-10-02T15:00:00Z" });
  for (let i = 0; i < 5; i++) await message({ club_id: clubA, created_at: "2026-10-04T15:00:00Z" });
  await message({ club_id: clubA, created_at: "2026-10-05T15:00:00Z" });
  await message({ club_id: clubA, created_at: "2026-10-06T03:00:00Z" });
  await message({ club_id: clubA, created_at: "2026-10-05T15:00:00Z", held: true });
  await message({ club_id: clubB, created_at: "2026-10-02T15:00:00Z" });
  const other = await user();
  await message({
    recipient_id: other,
    user_low: Math.min(admin.id, other),
    user_high: Math.max(admin.id, other),
    created_at: "2026-10-03T15:00:00Z",
  });
}, 60_000);
afterAll(() => t.close());

async function dashboard(path: string, token: string) {
  const res = await t.request("GET", path, { token });
  expect(res.status).toBe(200);
  return res.body as DashboardJson;
}

describe("a club's dashboard equals the hand counts", () => {
  let d: DashboardJson;
  beforeAll(async () => {
    d = await dashboard(`/api/clubs/${clubA}/dashboard?${RANGE}`, owner.token);
  });

  test("range and club", () => {
    expect(d.club).toEqual({ id: clubA, name: "Robótica" });
    expect(d.range).toEqual({ from: "2026-10-01", to: "2026-10-05", days: 5 });
    expect(d.clubs).toBe(1);
  });

  test("members over time", () => {
    expect(d.members.series).toEqual([
      { day: "2026-10-01", members: 3 },
      { day: "2026-10-02", members: 4 },
      { day: "2026-10-03", members: 5 },
      { day: "2026-10-04", members: 4 },
      { day: "2026-10-05", members: 3 },
    ]);
    expect(d.members.start).toBe(3);
    expect(d.members.end).toBe(3);
  });

  test("join requests and the median time to answer", () => {
    expect(d.requests).toEqual({
      received: 6,
      accepted: 3,
      declined: 1,
      withdrawn: 1,
      pending: 1,
      median_answer_seconds: 5 * 3600,
    });
  });

  test("post views per day, and likes and comments per post", () => {
    expect(d.views.series).toEqual([
      { day: "2026-10-01", views: 2 },
      { day: "2026-10-02", views: 6 },
      { day: "2026-10-03", views: 4 },
      { day: "2026-10-04", views: 4 },
    ]);
    expect(d.views.total).toBe(16);
    // Views in the range: P1 6 + 4, P2 4, and P3 (published before the range) 2 on 10-01.
    expect(d.posts.map(({ title, views, likes, comments }) => ({ title, views, likes, comments }))).toEqual([
      { title: "P2", views: 4, likes: 0, comments: 1 },
      { title: "P1", views: 10, likes: 3, comments: 2 },
      { title: "P3", views: 2, likes: 0, comments: 0 },
    ]);
  });

  test("the views total is the sum of the posts table's views (one query for both)", () => {
    expect(d.posts.reduce((sum, p) => sum + p.views, 0)).toBe(d.views.total);
  });

  test("RSVPs against attendance per event", () => {
    expect(
      d.events.map(({ title, going, waitlisted, attended }) => ({ title, going, waitlisted, attended })),
    ).toEqual([{ title: "E1", going: 5, waitlisted: 1, attended: 2 }]);
  });

  test("busiest chat days, busiest first", () => {
    expect(d.chat_days).toEqual([
      { day: "2026-10-04", messages: 5 },
      { day: "2026-10-02", messages: 3 },
      { day: "2026-10-05", messages: 2 },
    ]);
  });
});

test("the site totals add every club together (admins)", async () => {
  const d = await dashboard(`/api/admin/dashboard?${RANGE}`, admin.token);
  expect(d.club).toBeNull();
  expect(d.clubs).toBe(2);
  expect(d.members.series.map((s) => s.members)).toEqual([3, 5, 6, 5, 4]);
  expect(d.requests.received).toBe(7);
  expect(d.requests.pending).toBe(2);
  expect(d.chat_days).toEqual([
    { day: "2026-10-04", messages: 5 },
    { day: "2026-10-02", messages: 4 },
    { day: "2026-10-05", messages: 2 },
    { day: "2026-10-03", messages: 1 },
  ]);
});

test("an admin sees any club's figures; a quiet range has none", async () => {
  const d = await dashboard(`/api/clubs/${clubB}/dashboard?from=2026-06-01&to=2026-06-30`, admin.token);
  expect(d.club?.name).toBe("Ajedrez");
  expect(d.members.series).toHaveLength(30);
  expect(d.members.series.every((s) => s.members === 0)).toBe(true);
  expect(d.requests).toEqual({
    received: 0,
    accepted: 0,
    declined: 0,
    withdrawn: 0,
    pending: 0,
    median_answer_seconds: null,
  });
  expect([d.views.series, d.posts, d.events, d.chat_days]).toEqual([[], [], [], []]);
});
