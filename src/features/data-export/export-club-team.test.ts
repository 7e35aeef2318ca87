import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub } from "../chat/chat.fixtures";
import { createQuickUser, type QuickUser } from "../clubs/user.fixtures";
import { download, exportAndWait, openArchive } from "./data-export.fixtures";

/**
 * Issue 49 in the data export: a person's officer roles, the handovers they took part in, the
 * polls they created (counts only) and their own votes; nobody's file ever says who voted in a
 * poll, anonymous or not.
 */
setDefaultTimeout(60_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
});
afterAll(() => t.close());

async function fileOf(user: QuickUser) {
  await exportAndWait(t, user.token);
  return openArchive((await download(t, user.token)).bytes);
}

test("officer roles, handovers, polls created and one's own votes; no voter in anyone's file", async () => {
  const owner = await createQuickUser(t, { role: "owner" });
  const secretary = await createQuickUser(t);
  const heir = await createQuickUser(t, { role: "owner" });
  const voter = await createQuickUser(t);
  const clubId = await insertClub(t, owner.id, "Club de Teatro");
  for (const user of [secretary, heir, voter]) await addMember(t, clubId, user.id);
  const named = await t.request("PUT", `/api/clubs/${clubId}/officers/${secretary.id}`, {
    token: owner.token,
    json: { title: "Secretaria", permissions: ["check_in", "post"] },
  });
  expect(named.status).toBe(200);
  const offered = await t.request("POST", `/api/clubs/${clubId}/transfer`, {
    token: owner.token,
    json: { to_user_id: heir.id },
  });
  expect(offered.status).toBe(201);
  const polls: number[] = [];
  for (const anonymous of [true, false]) {
    const res = await t.request("POST", `/api/clubs/${clubId}/polls`, {
      token: secretary.token,
      json: { question: anonymous ? "¿Qué obra?" : "¿Qué día?", options: ["Uno", "Dos"], anonymous },
    });
    expect(res.status).toBe(201);
    polls.push(res.body.id);
  }
  for (const pollId of polls) {
    const res = await t.request("PUT", `/api/polls/${pollId}/vote`, {
      token: voter.token,
      json: { options: [1] },
    });
    expect(res.status).toBe(200);
  }

  const secretaryFile = await fileOf(secretary);
  expect(secretaryFile.data.officer_roles).toEqual([
    expect.objectContaining({ club_id: clubId, club_name: "Club de Teatro", title: "Secretaria" }),
  ]);
  expect(secretaryFile.data.officer_roles[0].permissions.sort()).toEqual(["check_in", "post"]);
  expect(secretaryFile.data.polls_created).toEqual([
    expect.objectContaining({
      id: polls[0],
      question: "¿Qué obra?",
      anonymous: true,
      total_voters: 1,
      options: [
        { index: 0, text: "Uno", votes: 0 },
        { index: 1, text: "Dos", votes: 1 },
      ],
    }),
    expect.objectContaining({ id: polls[1], question: "¿Qué día?", anonymous: false, total_voters: 1 }),
  ]);
  // The creator's file counts votes but names no voter: not their id, not their username.
  expect(secretaryFile.text).not.toContain(voter.username);
  expect(JSON.stringify(secretaryFile.data.polls_created)).not.toMatch(/user_id|"voters"|username/);

  const heirFile = await fileOf(heir);
  expect(heirFile.data.handovers).toEqual([
    expect.objectContaining({
      club_id: clubId,
      from_user_id: owner.id,
      to_user_id: heir.id,
      offered_by: owner.id,
      status: "offered",
    }),
  ]);
  const ownerFile = await fileOf(owner);
  expect(ownerFile.data.handovers.map((h: { id: number }) => h.id)).toEqual([offered.body.id]);
  expect(ownerFile.data.officer_roles).toEqual([]);
  expect(ownerFile.text).not.toContain(voter.username);

  // The voter's own choices are theirs to have, anonymous poll included.
  const voterFile = await fileOf(voter);
  expect(voterFile.data.poll_votes.map((v: { poll_id: number }) => v.poll_id).sort()).toEqual(
    [...polls].sort(),
  );
  expect(voterFile.data.polls_created).toEqual([]);
});
