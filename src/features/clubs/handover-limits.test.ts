import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createQuickUser } from "./user.fixtures";

/**
 * Per-account limits of issue 49's calls (RATE_HANDOVERS_PER_ACCOUNT, RATE_OFFICER_CHANGES_PER_ACCOUNT):
 * past them 429 with Retry-After and the catalogue's detail. Per address: per-address-officers.test.ts.
 */
setDefaultTimeout(60_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ RATE_HANDOVERS_PER_ACCOUNT: "2/1h", RATE_OFFICER_CHANGES_PER_ACCOUNT: "2/1h" });
});
afterAll(() => t.close());

async function ownerlessClub() {
  const [row] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club sin dueño', 'd', null) returning id`;
  return row!.id;
}

test("an admin's reassignments count as handovers: the third in an hour is 429 with a detail", async () => {
  const admin = await createQuickUser(t, { role: "admin" });
  const heir = await createQuickUser(t, { role: "owner" });
  const statuses: number[] = [];
  let last: { status: number; body: { detail?: string }; headers?: Headers } | null = null;
  for (let i = 0; i < 3; i++) {
    last = await t.request("POST", `/api/admin/clubs/${await ownerlessClub()}/owner`, {
      token: admin.token,
      json: { user_id: heir.id },
    });
    statuses.push(last.status);
  }
  expect(statuses).toEqual([200, 200, 429]);
  expect(last!.body.detail).toBe("You have made too many club handover changes for now. Try again later.");
});

test("accepting and declining offers count too; so do officer changes", async () => {
  const owner = await createQuickUser(t, { role: "owner" });
  const member = await createQuickUser(t, { role: "owner" });
  const [row] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club de Baile', 'd', ${owner.id}) returning id`;
  const clubId = row!.id;
  await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${member.id})`;
  const offer = () =>
    t.request("POST", `/api/clubs/${clubId}/transfer`, {
      token: owner.token,
      json: { to_user_id: member.id },
    });
  const decline = () => t.request("POST", `/api/clubs/${clubId}/transfer/decline`, { token: member.token });
  expect((await offer()).status).toBe(201);
  expect((await decline()).status).toBe(200);
  expect((await offer()).status).toBe(201);
  expect((await decline()).status).toBe(200);
  // The owner made two offers: a cancel is the third handover step this hour.
  const cancel = await t.request("DELETE", `/api/clubs/${clubId}/transfer`, { token: owner.token });
  expect(cancel.status).toBe(429);
  const declined = await decline();
  expect(declined.status).toBe(429);
  expect(declined.body.detail).toBe("You have made too many club handover changes for now. Try again later.");

  const put = (title: string) =>
    t.request("PUT", `/api/clubs/${clubId}/officers/${member.id}`, {
      token: owner.token,
      json: { title, permissions: ["post"] },
    });
  expect((await put("Vocal")).status).toBe(200);
  expect((await put("Tesorera")).status).toBe(200);
  const third = await t.request("DELETE", `/api/clubs/${clubId}/officers/${member.id}`, {
    token: owner.token,
  });
  expect(third.status).toBe(429);
  expect(third.body.detail).toBe(
    "You have changed the club's officers too many times for now. Try again later.",
  );
});
