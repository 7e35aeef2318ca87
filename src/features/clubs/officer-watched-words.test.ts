import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { systemReports, watchWords } from "../watched-words/watched-words.fixtures";
import { createQuickUser } from "./user.fixtures";

/**
 * Watched words on the Directiva's titles (issue 49): an officer's title and the title the old
 * owner keeps after a handover are screened like the club's own texts: a blocked word is
 * refused with a detail, a flagged one is stored and reported with the club.
 */
setDefaultTimeout(60_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

async function club() {
  const owner = await createQuickUser(t, { role: "owner" });
  const member = await createQuickUser(t, { role: "owner" });
  const [row] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club de Cine', 'd', ${owner.id}) returning id`;
  await t.sql`insert into club_members (club_id, user_id) values (${row!.id}, ${member.id})`;
  return { owner, member, clubId: row!.id };
}

test("an officer's title: a blocked word is refused (422), a flagged one is reported with the club", async () => {
  const admin = await createQuickUser(t, { role: "admin" });
  await watchWords(t, admin.token, { tituloprohibido: "block", titulodudoso: "flag" });
  const { owner, member, clubId } = await club();
  const path = `/api/clubs/${clubId}/officers/${member.id}`;
  const refused = await t.request("PUT", path, {
    token: owner.token,
    json: { title: "Jefa tituloprohibido", permissions: ["post"] },
  });
  expect(refused.status).toBe(422);
  expect(refused.body.detail).toBe("This text breaks the community rules. Change it and try again.");
  expect(await t.sql`select 1 from club_officers where club_id = ${clubId}`).toHaveLength(0);

  const flagged = await t.request("PUT", path, {
    token: owner.token,
    json: { title: "Vocal titulodudoso", permissions: ["post"] },
  });
  expect(flagged.status).toBe(200);
  const reports = await systemReports(t, "club", clubId);
  expect(reports.map((r) => r.snapshot)).toEqual(["Vocal titulodudoso"]);
});

test("the old owner's title in a handover offer is screened the same way", async () => {
  const admin = await createQuickUser(t, { role: "admin" });
  await watchWords(t, admin.token, { exduenoprohibido: "block" });
  const { owner, member, clubId } = await club();
  const refused = await t.request("POST", `/api/clubs/${clubId}/transfer`, {
    token: owner.token,
    json: { to_user_id: member.id, previous_owner_title: "Fundador exduenoprohibido" },
  });
  expect(refused.status).toBe(422);
  expect(refused.body.detail).toBe("This text breaks the community rules. Change it and try again.");
  expect(await t.sql`select 1 from club_transfers where club_id = ${clubId}`).toHaveLength(0);
  const fine = await t.request("POST", `/api/clubs/${clubId}/transfer`, {
    token: owner.token,
    json: { to_user_id: member.id, previous_owner_title: "Fundador" },
  });
  expect(fine.status).toBe(201);
  expect(fine.body.previous_owner_title).toBe("Fundador");
});
