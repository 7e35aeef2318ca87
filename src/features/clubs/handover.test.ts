import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";

/** Handing a club over (issue 49): offer, accept or decline, cancel, admin approval, refusals. */
setDefaultTimeout(120_000);

let t: TestApp;
let admin: QuickUser;
beforeAll(async () => {
  t = await setupTestApp({}, { mail: true });
  admin = await createQuickUser(t, { role: "admin" });
});
afterAll(() => t.close());

async function clubWith(owner: QuickUser, members: QuickUser[]) {
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id, member_count)
    values ('Club de Teatro', 'd', ${owner.id}, ${members.length}) returning id`;
  for (const m of members)
    await t.sql`insert into club_members (club_id, user_id) values (${club!.id}, ${m.id})`;
  await t.sql`insert into posts (club_id, title) values (${club!.id}, 'Ensayo')`;
  return club!.id;
}

async function clubState(clubId: number) {
  const [club] = await t.sql<{ owner_id: number; member_count: number; posts: number }[]>`
    select owner_id, member_count, (select count(*)::int from posts where club_id = ${clubId}) as posts
    from clubs where id = ${clubId}`;
  const members = await t.sql<{ user_id: number }[]>`
    select user_id from club_members where club_id = ${clubId} order by user_id`;
  return { ...club!, members: members.map((m) => m.user_id) };
}

const officersOf = async (clubId: number, user: QuickUser) =>
  (await t.request("GET", `/api/clubs/${clubId}/officers`, { token: user.token })).body as {
    user_id: number;
    title: string;
    permissions: string[];
  }[];

const auditOf = async (clubId: number) =>
  (
    await t.sql<{ action: string }[]>`
      select action from audit_log where target_type = 'club' and target_id = ${clubId} order by id`
  ).map((r) => r.action);

const transferNotices = async (user: QuickUser) =>
  (
    await t.sql<{ role: string }[]>`
      select role from user_notices where user_id = ${user.id} and kind = 'club_transfer' order by id`
  ).map((r) => r.role);

describe("officers", () => {
  test("only the owner or an admin names officers, only members can be named, members see the Directiva", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const ana = await createQuickUser(t);
    const ben = await createQuickUser(t);
    const stranger = await createQuickUser(t);
    const clubId = await clubWith(owner, [ana, ben]);
    const put = (user: QuickUser, target: number, json: unknown) =>
      t.request("PUT", `/api/clubs/${clubId}/officers/${target}`, { token: user.token, json });

    expect((await put(owner, ana.id, { title: "Secretaria", permissions: ["check_in"] })).status).toBe(200);
    expect((await put(ana, ben.id, { title: "Tesorero", permissions: ["post"] })).status).toBe(403);
    expect((await put(owner, stranger.id, { title: "Vocal", permissions: [] })).status).toBe(409);
    expect((await put(owner, ben.id, { title: "  ", permissions: [] })).status).toBe(422);
    expect((await put(owner, ben.id, { title: "Vocal", permissions: ["fly"] })).status).toBe(422);
    expect((await put(admin, ben.id, { title: "Tesorero", permissions: ["post", "post"] })).status).toBe(200);

    const list = await officersOf(clubId, ben);
    expect(list.map((o) => [o.user_id, o.title, o.permissions])).toEqual([
      [ana.id, "Secretaria", ["check_in"]],
      [ben.id, "Tesorero", ["post"]],
    ]);
    expect((await t.request("GET", `/api/clubs/${clubId}/officers`, { token: stranger.token })).status).toBe(
      403,
    );
    expect((await officersOf(clubId, admin)).length).toBe(2);

    const del = (user: QuickUser, target: number) =>
      t.request("DELETE", `/api/clubs/${clubId}/officers/${target}`, { token: user.token });
    expect((await del(ana, ben.id)).status).toBe(403);
    expect((await del(owner, ben.id)).status).toBe(200);
    expect((await del(owner, ben.id)).status).toBe(404);
    expect((await clubState(clubId)).members).toContain(ben.id);
  });
});

describe("handover", () => {
  test("to an owner account: completes on acceptance; the old owner keeps the permissions chosen", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const other = await createQuickUser(t);
    const clubId = await clubWith(owner, [next, other]);
    await t.request("PUT", `/api/clubs/${clubId}/officers/${next.id}`, {
      token: owner.token,
      json: { title: "Vice", permissions: ["post"] },
    });
    const before = await clubState(clubId);

    expect(
      (
        await t.request("POST", `/api/clubs/${clubId}/transfer`, {
          token: other.token,
          json: { to_user_id: next.id },
        })
      ).status,
    ).toBe(403);
    const offer = await t.request("POST", `/api/clubs/${clubId}/transfer`, {
      token: owner.token,
      json: {
        to_user_id: next.id,
        previous_owner_permissions: ["check_in", "post"],
        previous_owner_title: "Fundadora",
      },
    });
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({ status: "offered", to_user_id: next.id });
    // One open handover at a time.
    const second = await t.request("POST", `/api/clubs/${clubId}/transfer`, {
      token: owner.token,
      json: { to_user_id: other.id },
    });
    expect(second.status).toBe(409);
    // Only the person offered may answer.
    expect(
      (await t.request("POST", `/api/clubs/${clubId}/transfer/accept`, { token: other.token })).status,
    ).toBe(404);

    const accepted = await t.request("POST", `/api/clubs/${clubId}/transfer/accept`, { token: next.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe("completed");

    const after = await clubState(clubId);
    expect(after.owner_id).toBe(next.id);
    expect(after.member_count).toBe(before.member_count);
    expect(after.posts).toBe(before.posts);
    expect(after.members).toEqual([owner.id, other.id].sort((a, b) => a - b));
    const officers = await officersOf(clubId, next);
    expect(officers.map((o) => [o.user_id, o.title, o.permissions.sort()])).toEqual([
      [owner.id, "Fundadora", ["check_in", "post"]],
    ]);
    // The old owner now acts through those permissions only.
    const post = await t.request("POST", "/api/posts", {
      token: owner.token,
      json: { club_id: clubId, title: "Hola" },
    });
    expect(post.status).toBe(201);
    const edit = await t.request("PUT", `/api/clubs/${clubId}`, {
      token: owner.token,
      json: { description: "x" },
    });
    expect(edit.status).toBe(403);
    expect(await auditOf(clubId)).toEqual(["club.transfer_offer", "club.transfer_complete"]);
    // The new owner completed it themselves: notices never go to their own actor.
    expect(await transferNotices(next)).toEqual(["offered"]);
    expect(await transferNotices(owner)).toEqual(["completed"]);
  });

  test("to a member account: accepting files the owner request; the admin's approval completes it", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t);
    const clubId = await clubWith(owner, [next]);
    await t.request("POST", `/api/clubs/${clubId}/transfer`, {
      token: owner.token,
      json: { to_user_id: next.id },
    });
    const accepted = await t.request("POST", `/api/clubs/${clubId}/transfer/accept`, { token: next.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe("awaiting_approval");
    expect((await clubState(clubId)).owner_id).toBe(owner.id);

    const requests = (await t.request("GET", "/api/admin/owner-requests", { token: admin.token })).body as {
      id: number;
      user_id: number;
    }[];
    const request = requests.find((r) => r.user_id === next.id)!;
    expect(request.id).toBe(accepted.body.owner_request_id);
    const decided = await t.request("PATCH", `/api/admin/owner-requests/${request.id}?approve=true`, {
      token: admin.token,
    });
    expect(decided.status).toBe(200);

    const after = await clubState(clubId);
    expect(after.owner_id).toBe(next.id);
    const [role] = await t.sql<{ role: string }[]>`select role from users where id = ${next.id}`;
    expect(role!.role).toBe("owner");
    // Empty previous_owner_permissions: the old owner stays a member, not an officer.
    expect(after.members).toEqual([owner.id]);
    expect(await officersOf(clubId, owner)).toEqual([]);
    expect(await auditOf(clubId)).toEqual([
      "club.transfer_offer",
      "club.transfer_accept",
      "club.transfer_complete",
    ]);
    expect(await transferNotices(owner)).toEqual(["awaiting_approval", "completed"]);
  });

  test("a denied owner request refuses the handover", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t);
    const clubId = await clubWith(owner, [next]);
    await t.request("POST", `/api/clubs/${clubId}/transfer`, {
      token: owner.token,
      json: { to_user_id: next.id },
    });
    const accepted = await t.request("POST", `/api/clubs/${clubId}/transfer/accept`, { token: next.token });
    await t.request("PATCH", `/api/admin/owner-requests/${accepted.body.owner_request_id}?approve=false`, {
      token: admin.token,
    });
    expect((await clubState(clubId)).owner_id).toBe(owner.id);
    const [row] = await t.sql<
      { status: string }[]
    >`select status from club_transfers where club_id = ${clubId}`;
    expect(row!.status).toBe("refused");
    expect(await transferNotices(owner)).toEqual(["awaiting_approval", "refused"]);
  });

  test("declined: nothing changes, the owner is told, a new offer can follow", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const clubId = await clubWith(owner, [next]);
    const before = await clubState(clubId);
    await t.request("POST", `/api/clubs/${clubId}/transfer`, {
      token: owner.token,
      json: { to_user_id: next.id },
    });
    const declined = await t.request("POST", `/api/clubs/${clubId}/transfer/decline`, { token: next.token });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe("declined");
    expect(await clubState(clubId)).toEqual(before);
    expect(
      (await t.request("POST", `/api/clubs/${clubId}/transfer/accept`, { token: next.token })).status,
    ).toBe(404);
    expect(await transferNotices(owner)).toEqual(["declined"]);
    expect(await auditOf(clubId)).toEqual(["club.transfer_offer", "club.transfer_decline"]);
    const again = await t.request("POST", `/api/clubs/${clubId}/transfer`, {
      token: owner.token,
      json: { to_user_id: next.id },
    });
    expect(again.status).toBe(201);
  });

  test("cancelled by the owner: the offer can no longer be accepted", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const clubId = await clubWith(owner, [next]);
    await t.request("POST", `/api/clubs/${clubId}/transfer`, {
      token: owner.token,
      json: { to_user_id: next.id },
    });
    expect((await t.request("DELETE", `/api/clubs/${clubId}/transfer`, { token: next.token })).status).toBe(
      403,
    );
    const cancelled = await t.request("DELETE", `/api/clubs/${clubId}/transfer`, { token: owner.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect(
      (await t.request("POST", `/api/clubs/${clubId}/transfer/accept`, { token: next.token })).status,
    ).toBe(404);
    expect((await clubState(clubId)).owner_id).toBe(owner.id);
    expect(await transferNotices(next)).toEqual(["offered", "cancelled"]);
    expect(await auditOf(clubId)).toEqual(["club.transfer_offer", "club.transfer_cancel"]);
  });

  test("only a member can be offered the club", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const outsider = await createQuickUser(t, { role: "owner" });
    const clubId = await clubWith(owner, []);
    const offer = await t.request("POST", `/api/clubs/${clubId}/transfer`, {
      token: owner.token,
      json: { to_user_id: outsider.id },
    });
    expect(offer.status).toBe(409);
  });

  test("the previous owner may choose to leave once it is handed over", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const other = await createQuickUser(t);
    const clubId = await clubWith(owner, [next, other]);
    await t.request("POST", `/api/clubs/${clubId}/transfer`, {
      token: owner.token,
      json: { to_user_id: next.id, previous_owner_leaves: true, previous_owner_permissions: ["post"] },
    });
    await t.request("POST", `/api/clubs/${clubId}/transfer/accept`, { token: next.token });
    const after = await clubState(clubId);
    expect(after).toMatchObject({ owner_id: next.id, member_count: 1, members: [other.id] });
    expect(await officersOf(clubId, other)).toEqual([]);
  });
});

describe("an owner cannot leave or delete their account while owning a club with members", () => {
  test("leaving their own club: 409 explaining the handover", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const clubId = await clubWith(owner, [await createQuickUser(t)]);
    const res = await t.request("DELETE", `/api/clubs/${clubId}/membership`, { token: owner.token });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain("Hand it over");
  });

  test("deleting the account: 409 naming the club; after the handover it goes through", async () => {
    const owner = await t.createUser({ role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const clubId = await clubWith(owner as QuickUser, [next]);
    const refused = await t.request("POST", "/api/account/delete", {
      token: owner.token,
      json: { password: owner.password },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("Club de Teatro");
    expect((await clubState(clubId)).owner_id).toBe(owner.id);

    await t.request("POST", `/api/clubs/${clubId}/transfer`, {
      token: owner.token,
      json: { to_user_id: next.id, previous_owner_leaves: true },
    });
    await t.request("POST", `/api/clubs/${clubId}/transfer/accept`, { token: next.token });
    const deleted = await t.request("POST", "/api/account/delete", {
      token: owner.token,
      json: { password: owner.password },
    });
    expect(deleted.status).toBe(204);
    expect((await clubState(clubId)).owner_id).toBe(next.id);
  });
});

describe("admin reassignment", () => {
  test("a club whose owner is banned goes to another owner account, audited; an active owner's does not", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const memberAccount = await createQuickUser(t);
    const clubId = await clubWith(owner, [next]);
    const reassign = (userId: number, token = admin.token) =>
      t.request("POST", `/api/admin/clubs/${clubId}/owner`, { token, json: { user_id: userId } });

    expect((await reassign(next.id)).status).toBe(409);
    expect((await reassign(next.id, owner.token)).status).toBe(403);
    await t.sql`update users set ban_until = now() + interval '30 days' where id = ${owner.id}`;
    expect((await reassign(memberAccount.id)).status).toBe(409);
    const done = await reassign(next.id);
    expect(done.status).toBe(200);
    const after = await clubState(clubId);
    expect(after).toMatchObject({ owner_id: next.id, member_count: 0, members: [] });
    expect(await auditOf(clubId)).toEqual(["club.owner_reassign"]);
    expect(await transferNotices(next)).toEqual(["reassigned"]);
  });
});
