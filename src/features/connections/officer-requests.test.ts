import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { ClubPermission } from "../../../common/api/club-officers";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";

/**
 * The Connections page's Requests tab, the badge (the spec's notifications number) and the
 * bell's join_requests agree (issue 49): each counts the requests the person decides, which for
 * an officer with accept_requests are their club's, whatever their account's role.
 */
setDefaultTimeout(60_000);

let t: TestApp;
let clubId: number;
let owner: QuickUser;
let sender: QuickUser;

async function member(): Promise<QuickUser> {
  const user = await createQuickUser(t);
  await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${user.id})`;
  return user;
}

async function name(user: QuickUser, permissions: ClubPermission[]) {
  const res = await t.request("PUT", `/api/clubs/${clubId}/officers/${user.id}`, {
    token: owner.token,
    json: { title: "Vicepresidente", permissions },
  });
  if (res.status !== 200) throw new Error(`naming failed ${res.status} ${JSON.stringify(res.body)}`);
}

/** What each of the three places says for `user`: the listed senders, the badge, the bell. */
async function seen(user: QuickUser) {
  const list = await t.request("GET", "/api/connection-requests/received?limit=100", { token: user.token });
  const badge = await t.request("GET", "/api/notifications", { token: user.token });
  const bell = await t.request("GET", "/api/notifications/notices/count", { token: user.token });
  return {
    listed: (list.body as { user_id: number }[]).map((r) => r.user_id),
    badge: Number(badge.body),
    bell: (bell.body as { join_requests: number }).join_requests,
  };
}

beforeAll(async () => {
  t = await setupTestApp();
  owner = await createQuickUser(t, { role: "owner" });
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club de Robótica', 'd', ${owner.id}) returning id`;
  clubId = club!.id;
  sender = await createQuickUser(t);
  await t.sql`insert into connection_requests (club_id, user_id) values (${clubId}, ${sender.id})`;
});
afterAll(() => t.close());

test("an officer with accept_requests sees and counts the club's requests; one without, or a member, does not", async () => {
  const withIt = await member();
  await name(withIt, ["accept_requests"]);
  const without = await member();
  await name(without, ["post", "check_in", "moderate_chat", "edit_club"]);
  const plain = await member();
  expect(await seen(withIt)).toEqual({ listed: [sender.id], badge: 1, bell: 1 });
  expect(await seen(without)).toEqual({ listed: [], badge: 0, bell: 0 });
  expect(await seen(plain)).toEqual({ listed: [], badge: 0, bell: 0 });
  expect(await seen(owner)).toEqual({ listed: [sender.id], badge: 1, bell: 1 });
});

test("an officer does not see the requests of someone they blocked", async () => {
  const officer = await member();
  await name(officer, ["accept_requests"]);
  await t.sql`insert into user_blocks (blocker_id, blocked_id) values (${officer.id}, ${sender.id})`;
  expect(await seen(officer)).toEqual({ listed: [], badge: 0, bell: 0 });
});

test("naming someone an officer changes their remembered badge and bell at once", async () => {
  const officer = await member();
  expect(await seen(officer)).toEqual({ listed: [], badge: 0, bell: 0 });
  await name(officer, ["accept_requests"]);
  // The officer row's NOTIFY reaches the poll memory a little after the commit: ask until the
  // remembered numbers are dropped (bounded; without the officer trigger they stay 0).
  let now = await seen(officer);
  for (let i = 0; i < 200 && (now.badge === 0 || now.bell === 0); i++) {
    await Bun.sleep(10);
    now = await seen(officer);
  }
  expect(now).toEqual({ listed: [sender.id], badge: 1, bell: 1 });
});
