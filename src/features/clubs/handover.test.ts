import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { handoverKit } from "./handover.fixtures";
import { createQuickUser, type QuickUser } from "./user.fixtures";

/** Handing a club over (issue 49): offer, accept or decline, cancel, admin approval. */
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

describe("handover", () => {
  test("to an owner account: completes on acceptance; the old owner keeps the permissions chosen", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const other = await createQuickUser(t);
    const clubId = await kit.clubWith(owner, [next, other]);
    await t.request("PUT", `/api/clubs/${clubId}/officers/${next.id}`, {
      token: owner.token,
      json: { title: "Vice", permissions: ["post"] },
    });
    const before = await kit.clubState(clubId);

    expect((await kit.offer(clubId, other, next)).status).toBe(403);
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
    const second = await kit.offer(clubId, owner, other);
    expect(second.status).toBe(409);
    // Only the person offered may answer.
    expect((await kit.answer(clubId, other, "accept")).status).toBe(404);

    const accepted = await kit.answer(clubId, next, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe("completed");

    const after = await kit.clubState(clubId);
    expect(after.owner_id).toBe(next.id);
    expect(after.member_count).toBe(before.member_count);
    expect(after.posts).toBe(before.posts);
    expect(after.members).toEqual([owner.id, other.id].sort((a, b) => a - b));
    const officers = await kit.officersOf(clubId, next);
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
    expect(await kit.auditOf(clubId)).toEqual(["club.transfer_offer", "club.transfer_complete"]);
    // The new owner completed it themselves: notices never go to their own actor.
    expect(await kit.transferNotices(next)).toEqual(["offered"]);
    expect(await kit.transferNotices(owner)).toEqual(["completed"]);
  });

  test("to a member account: accepting files the owner request; the admin's approval completes it", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t);
    const clubId = await kit.clubWith(owner, [next]);
    await kit.offer(clubId, owner, next);
    const accepted = await kit.answer(clubId, next, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe("awaiting_approval");
    expect((await kit.clubState(clubId)).owner_id).toBe(owner.id);

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

    const after = await kit.clubState(clubId);
    expect(after.owner_id).toBe(next.id);
    const [role] = await t.sql<{ role: string }[]>`select role from users where id = ${next.id}`;
    expect(role!.role).toBe("owner");
    // Empty previous_owner_permissions: the old owner stays a member, not an officer.
    expect(after.members).toEqual([owner.id]);
    expect(await kit.officersOf(clubId, owner)).toEqual([]);
    expect(await kit.auditOf(clubId)).toEqual([
      "club.transfer_offer",
      "club.transfer_accept",
      "club.transfer_complete",
    ]);
    expect(await kit.transferNotices(owner)).toEqual(["awaiting_approval", "completed"]);
  });

  test("a denied owner request refuses the handover", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t);
    const clubId = await kit.clubWith(owner, [next]);
    await kit.offer(clubId, owner, next);
    const accepted = await kit.answer(clubId, next, "accept");
    await t.request("PATCH", `/api/admin/owner-requests/${accepted.body.owner_request_id}?approve=false`, {
      token: admin.token,
    });
    expect((await kit.clubState(clubId)).owner_id).toBe(owner.id);
    const [row] = await t.sql<
      { status: string }[]
    >`select status from club_transfers where club_id = ${clubId}`;
    expect(row!.status).toBe("refused");
    expect(await kit.transferNotices(owner)).toEqual(["awaiting_approval", "refused"]);
  });

  test("declined: nothing changes, the owner is told, a new offer can follow", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const clubId = await kit.clubWith(owner, [next]);
    const before = await kit.clubState(clubId);
    await kit.offer(clubId, owner, next);
    const declined = await kit.answer(clubId, next, "decline");
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe("declined");
    expect(await kit.clubState(clubId)).toEqual(before);
    expect((await kit.answer(clubId, next, "accept")).status).toBe(404);
    expect(await kit.transferNotices(owner)).toEqual(["declined"]);
    expect(await kit.auditOf(clubId)).toEqual(["club.transfer_offer", "club.transfer_decline"]);
    const again = await kit.offer(clubId, owner, next);
    expect(again.status).toBe(201);
  });

  test("cancelled by the owner: the offer can no longer be accepted", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const clubId = await kit.clubWith(owner, [next]);
    await kit.offer(clubId, owner, next);
    expect((await t.request("DELETE", `/api/clubs/${clubId}/transfer`, { token: next.token })).status).toBe(
      403,
    );
    const cancelled = await t.request("DELETE", `/api/clubs/${clubId}/transfer`, { token: owner.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect((await kit.answer(clubId, next, "accept")).status).toBe(404);
    expect((await kit.clubState(clubId)).owner_id).toBe(owner.id);
    expect(await kit.transferNotices(next)).toEqual(["offered", "cancelled"]);
    expect(await kit.auditOf(clubId)).toEqual(["club.transfer_offer", "club.transfer_cancel"]);
  });

  test("only a member can be offered the club", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const outsider = await createQuickUser(t, { role: "owner" });
    const clubId = await kit.clubWith(owner, []);
    const offer = await kit.offer(clubId, owner, outsider);
    expect(offer.status).toBe(409);
  });

  test("the previous owner may choose to leave once it is handed over", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const next = await createQuickUser(t, { role: "owner" });
    const other = await createQuickUser(t);
    const clubId = await kit.clubWith(owner, [next, other]);
    await kit.offer(clubId, owner, next, {
      previous_owner_leaves: true,
      previous_owner_permissions: ["post"],
    });
    await kit.answer(clubId, next, "accept");
    const after = await kit.clubState(clubId);
    expect(after).toMatchObject({ owner_id: next.id, member_count: 1, members: [other.id] });
    expect(await kit.officersOf(clubId, other)).toEqual([]);
  });
});
