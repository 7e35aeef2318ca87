import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { download, exportAndWait, openArchive } from "../data-export/data-export.fixtures";
import { clubWithMembers, createPollAs, vote } from "./polls.fixtures";

setDefaultTimeout(90_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ RATE_POLL_VOTES_PER_ACCOUNT: "4/10m" }, { jobs: true, openapi: true });
});
afterAll(() => t.close());

describe("who voted", () => {
  test("a public poll lists who chose what, to members and admins only", async () => {
    const { owner, clubId, members } = await clubWithMembers(t, 3, "public");
    const poll = await createPollAs(t, owner, clubId, { multiple: true });
    await vote(t, members[0]!, poll.id, [0, 1]);
    await vote(t, members[1]!, poll.id, [1]);
    const voters = await t.request("GET", `/api/polls/${poll.id}/voters`, { token: members[2]!.token });
    expect(voters.status).toBe(200);
    expect(voters.body).toEqual([
      { index: 0, text: "Sábado", voters: [{ user_id: members[0]!.id, name: members[0]!.username }] },
      {
        index: 1,
        text: "Domingo",
        voters: [
          { user_id: members[0]!.id, name: members[0]!.username },
          { user_id: members[1]!.id, name: members[1]!.username },
        ],
      },
    ]);
    const shown = await t.request("GET", `/api/polls/${poll.id}`, { token: members[2]!.token });
    expect(shown.body.can_see_voters).toBe(true);
    const stranger = await createQuickUser(t);
    const asStranger = await t.request("GET", `/api/polls/${poll.id}`, { token: stranger.token });
    expect(asStranger.body.can_see_voters).toBe(false);
    const refused = await t.request("GET", `/api/polls/${poll.id}/voters`, { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("Only members of this club can see who voted.");
    const admin = await createQuickUser(t, { role: "admin" });
    expect((await t.request("GET", `/api/polls/${poll.id}/voters`, { token: admin.token })).status).toBe(200);
    expect((await t.request("GET", `/api/polls/${poll.id}/voters`)).status).toBe(401);
  });

  test("an anonymous poll never reveals its voters: not the API, not anyone's data export", async () => {
    const { owner, clubId, members } = await clubWithMembers(t, 2, "anon");
    const admin = await createQuickUser(t, { role: "admin" });
    const poll = await createPollAs(t, owner, clubId, { anonymous: true, question: "¿Secreto?" });
    await vote(t, members[0]!, poll.id, [1]);
    await vote(t, members[1]!, poll.id, [0]);
    for (const who of [owner, admin, members[0]!]) {
      const res = await t.request("GET", `/api/polls/${poll.id}/voters`, { token: who.token });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe("This poll is anonymous: nobody can see who voted for what.");
    }
    // The results say how many, never who: no user id anywhere in the answer.
    const results = await t.request("GET", `/api/polls/${poll.id}`, { token: owner.token });
    expect(results.body).toMatchObject({
      anonymous: true,
      total_voters: 2,
      my_votes: [],
      can_see_voters: false,
    });
    const text = JSON.stringify(results.body);
    for (const m of members) expect(text).not.toContain(String(m.id));

    // A voter's own file holds their own choice; the owner's and the other voter's hold nothing of it.
    await exportAndWait(t, members[0]!.token);
    await exportAndWait(t, owner.token);
    const mine = openArchive((await download(t, members[0]!.token)).bytes);
    expect(mine.data.poll_votes).toEqual([
      {
        poll_id: poll.id,
        question: "¿Secreto?",
        chosen: [{ index: 1, text: "Domingo" }],
        voted_at: expect.any(String),
      },
    ]);
    const owners = openArchive((await download(t, owner.token)).bytes);
    expect(owners.data.poll_votes).toEqual([]);
    expect(owners.text).not.toContain(`"user_id":${members[0]!.id}`);
    expect(owners.text).not.toContain(`"user_id":${members[1]!.id}`);
    expect(owners.text).not.toContain(members[0]!.username);
  });
});

test("votes and withdrawals count against RATE_POLL_VOTES_PER_ACCOUNT (429 past it)", async () => {
  const { owner, clubId, members } = await clubWithMembers(t, 1, "votelimit");
  const poll = await createPollAs(t, owner, clubId);
  const member = members[0]!;
  const statuses = [
    (await vote(t, member, poll.id, [0])).status,
    (await vote(t, member, poll.id, [1])).status,
    (await t.request("DELETE", `/api/polls/${poll.id}/vote`, { token: member.token })).status,
    (await vote(t, member, poll.id, [0])).status,
  ];
  expect(statuses).toEqual([200, 200, 200, 200]);
  const limited = await vote(t, member, poll.id, [1]);
  expect(limited.status).toBe(429);
  expect(limited.body.detail).toBe(
    "You have voted too many times for now. Wait a few minutes and try again.",
  );
  expect(limited.headers.get("retry-after")).toBeTruthy();
  expect((await t.request("GET", `/api/polls/${poll.id}`, { token: member.token })).body.my_votes).toEqual([
    0,
  ]);
});
