import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { DashboardJson } from "../../../common/api/dashboard";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";
import { setupTestApp } from "../../../test/harness";
import { resolveRange } from "./service";

setDefaultTimeout(60_000);

/**
 * What the dashboard counts is recorded by the ordinary calls: answering, withdrawing, leaving
 * and opening a post. Each case goes through the API, then reads today's figures.
 */
let t: TestApp;
let owner: QuickUser;
let clubId: number;

beforeAll(async () => {
  t = await setupTestApp();
  owner = await createQuickUser(t, { role: "owner" });
  const [row] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Coro', 'x', ${owner.id}) returning id`;
  clubId = row!.id;
}, 60_000);
afterAll(() => t.close());

async function today() {
  const res = await t.request("GET", `/api/clubs/${clubId}/dashboard`, { token: owner.token });
  expect(res.status).toBe(200);
  return res.body as DashboardJson;
}

async function request(user: QuickUser) {
  const res = await t.request("POST", `/api/connection-requests?club_id=${clubId}`, { token: user.token });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

test("accepting, declining, withdrawing and leaving are counted", async () => {
  const [a, b, c, d] = [
    await createQuickUser(t),
    await createQuickUser(t),
    await createQuickUser(t),
    await createQuickUser(t),
  ];
  const accepted = await request(a!);
  const declined = await request(b!);
  const withdrawn = await request(c!);
  await request(d!);
  expect(
    (await t.request("POST", `/api/connection-requests/${accepted}/accept`, { token: owner.token })).status,
  ).toBe(200);
  expect(
    (await t.request("DELETE", `/api/connection-requests/${declined}`, { token: owner.token })).status,
  ).toBe(200);
  expect(
    (await t.request("DELETE", `/api/connection-requests/${withdrawn}`, { token: c!.token })).status,
  ).toBe(200);

  const after = await today();
  expect(after.requests).toMatchObject({ received: 4, accepted: 1, declined: 1, withdrawn: 1, pending: 1 });
  expect(after.requests.median_answer_seconds).not.toBeNull();
  expect(after.members.end).toBe(1);

  expect((await t.request("DELETE", `/api/clubs/${clubId}/membership`, { token: a!.token })).status).toBe(
    200,
  );
  const left = await today();
  expect(left.members.end).toBe(0);
  const [row] = await t.sql<{ n: number }[]>`
    select count(*)::int as n from club_member_departures where club_id = ${clubId}`;
  expect(row!.n).toBe(1);
  // Joined and left today: yesterday's count is unchanged by either.
  expect(left.members.series.at(-2)?.members).toBe(0);
});

test("opening a post counts a view on today's Managua day, once per person a day", async () => {
  const [post] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, title) values (${clubId}, 'Ensayo') returning id`;
  const readers = [await createQuickUser(t), await createQuickUser(t)];
  for (const reader of [...readers, readers[0]!]) {
    const res = await t.request("POST", `/api/posts/${post!.id}/view`, { token: reader.token });
    expect(res.status).toBe(200);
  }
  const d = await today();
  expect(d.views.total).toBe(2);
  expect(d.views.series).toEqual([{ day: resolveRange({}).to, views: 2 }]);
  expect(d.posts.find((p) => p.id === post!.id)?.views).toBe(2);
});
