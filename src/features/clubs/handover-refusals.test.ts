import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { handoverKit } from "./handover.fixtures";
import { createQuickUser, type QuickUser } from "./user.fixtures";

/** What a handover protects (issue 49): an owner cannot leave or delete their account while owning a club with members; an admin reassigns a club whose owner is banned. */
setDefaultTimeout(120_000);

let t: TestApp;
let admin: QuickUser;
let kit: ReturnType<typeof handoverKit>;
beforeAll(async () => {
  t = await setupTestApp({}, { mail: true });
  admin = await createQuickUser(t, { role: "admin" });
  kit = handoverKit(t);
});
afterAll(() => t.close());

describe("an owner cannot leave or delete their account while owning a club with members", () => {
  test("leaving their own club: 409 explaining the handover", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const clubId = await kit.clubWith(owner, [await createQuickUser(t)]);
    const res = await t.request("DELETE", `/api/clubs/${clubId}/membership`, { token: owner.token });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain("Hand it over");
  });

  test("deleting the account: 409 naming the club; after the handover it goes through", async () => {
    const owner = await t.createUser({ role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const clubId = await kit.clubWith(owner as QuickUser, [next]);
    const refused = await t.request("POST", "/api/account/delete", {
      token: owner.token,
      json: { password: owner.password },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("Club de Teatro");
    expect((await kit.clubState(clubId)).owner_id).toBe(owner.id);

    await kit.offer(clubId, owner, next, { previous_owner_leaves: true });
    await kit.answer(clubId, next, "accept");
    const deleted = await t.request("POST", "/api/account/delete", {
      token: owner.token,
      json: { password: owner.password },
    });
    expect(deleted.status).toBe(204);
    expect((await kit.clubState(clubId)).owner_id).toBe(next.id);
  });
});

describe("admin reassignment", () => {
  test("a club whose owner is banned goes to another owner account, audited; an active owner's does not", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const memberAccount = await createQuickUser(t);
    const clubId = await kit.clubWith(owner, [next]);
    const reassign = (userId: number, token = admin.token) =>
      t.request("POST", `/api/admin/clubs/${clubId}/owner`, { token, json: { user_id: userId } });

    expect((await reassign(next.id)).status).toBe(409);
    expect((await reassign(next.id, owner.token)).status).toBe(403);
    await t.sql`update users set ban_until = now() + interval '30 days' where id = ${owner.id}`;
    expect((await reassign(memberAccount.id)).status).toBe(409);
    const done = await reassign(next.id);
    expect(done.status).toBe(200);
    const after = await kit.clubState(clubId);
    expect(after).toMatchObject({ owner_id: next.id, member_count: 0, members: [] });
    expect(await kit.auditOf(clubId)).toEqual(["club.owner_reassign"]);
    expect(await kit.transferNotices(next)).toEqual(["reassigned"]);
  });
});
