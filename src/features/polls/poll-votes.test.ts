import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { clubWithMembers, createPollAs, vote } from "./polls.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { openapi: true });
});
afterAll(() => t.close());

const counts = (body: { options: { votes: number }[] }) => body.options.map((o) => o.votes);

describe("voting", () => {
  test("60 members voting at once: exact counts, one vote each; then replaced and withdrawn", async () => {
    const { owner, clubId, members } = await clubWithMembers(t, 60, "sixty");
    const poll = await createPollAs(t, owner, clubId, { options: ["Rojo", "Azul", "Verde"] });

    const first = await Promise.all(members.map((m, i) => vote(t, m, poll.id, [i % 3])));
    expect(first.map((r) => r.status)).toEqual(members.map(() => 200));
    let read = await t.request("GET", `/api/polls/${poll.id}`, { token: owner.token });
    expect(counts(read.body)).toEqual([20, 20, 20]);
    expect(read.body.total_voters).toBe(60);

    // Everyone votes again at once, twice each (a double tap): still one vote per person.
    const again = await Promise.all(
      members.flatMap((m) => [vote(t, m, poll.id, [0]), vote(t, m, poll.id, [0])]),
    );
    expect(again.every((r) => r.status === 200)).toBe(true);
    read = await t.request("GET", `/api/polls/${poll.id}`, { token: members[0]!.token });
    expect(counts(read.body)).toEqual([60, 0, 0]);
    expect(read.body).toMatchObject({ total_voters: 60, my_votes: [0] });

    const withdrawn = await Promise.all(
      members.slice(0, 15).map((m) => t.request("DELETE", `/api/polls/${poll.id}/vote`, { token: m.token })),
    );
    expect(withdrawn.every((r) => r.status === 200)).toBe(true);
    expect(withdrawn[0]!.body.my_votes).toEqual([]);
    read = await t.request("GET", `/api/polls/${poll.id}`);
    expect(counts(read.body)).toEqual([45, 0, 0]);
    expect(read.body.total_voters).toBe(45);
    const [rows] = await t.sql<
      { n: number }[]
    >`select count(*)::int as n from poll_votes where poll_id = ${poll.id}`;
    expect(rows!.n).toBe(45);
  });

  test("single choice takes exactly one option; multiple takes several, each once", async () => {
    const { owner, clubId, members } = await clubWithMembers(t, 1, "rules");
    const member = members[0]!;
    const single = await createPollAs(t, owner, clubId, { options: ["A", "B", "C"] });
    const two = await vote(t, member, single.id, [0, 1]);
    expect(two.status).toBe(422);
    expect(two.body.detail[0]).toMatchObject({ loc: ["body", "options"], msg: "Choose exactly one option." });
    expect((await vote(t, member, single.id, [])).status).toBe(422);
    const unknown = await vote(t, member, single.id, [3]);
    expect(unknown.body.detail[0].msg).toBe("There is no option with that number.");
    const changed = await vote(t, member, single.id, [2]);
    expect(changed.status).toBe(200);
    expect((await vote(t, member, single.id, [1])).body).toMatchObject({ my_votes: [1], total_voters: 1 });
    expect(counts((await t.request("GET", `/api/polls/${single.id}`)).body)).toEqual([0, 1, 0]);

    const multi = await createPollAs(t, owner, clubId, { options: ["A", "B", "C"], multiple: true });
    const many = await vote(t, member, multi.id, [2, 0]);
    expect(many.status).toBe(200);
    expect(many.body).toMatchObject({ my_votes: [0, 2], total_voters: 1, multiple: true });
    expect(counts(many.body)).toEqual([1, 0, 1]);
    const repeated = await vote(t, member, multi.id, [1, 1]);
    expect(repeated.body.detail[0].msg).toBe("Each option can be chosen once.");
    expect((await vote(t, member, multi.id, [])).body.detail[0].msg).toBe("Choose at least one option.");
  });

  test("strangers, guests and admins who are not members cannot vote; the owner can", async () => {
    const { owner, clubId } = await clubWithMembers(t, 1, "strangers");
    const poll = await createPollAs(t, owner, clubId);
    const stranger = await createQuickUser(t);
    const refused = await vote(t, stranger, poll.id, [0]);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("Join this club to vote in its polls.");
    const admin = await createQuickUser(t, { role: "admin" });
    expect((await vote(t, admin, poll.id, [0])).status).toBe(403);
    expect((await t.request("PUT", `/api/polls/${poll.id}/vote`, { json: { options: [0] } })).status).toBe(
      401,
    );
    expect((await t.request("DELETE", `/api/polls/${poll.id}/vote`, { token: stranger.token })).status).toBe(
      403,
    );
    expect((await vote(t, owner, poll.id, [1])).status).toBe(200);
    expect((await t.request("GET", `/api/polls/${poll.id}`, { token: stranger.token })).body).toMatchObject({
      can_vote: false,
      total_voters: 1,
    });
    expect((await vote(t, owner, 999_999, [0])).status).toBe(404);
  });
});

describe("closing", () => {
  test("by hand: creator, owner or admin only; votes and withdrawals refused after", async () => {
    const { owner, clubId, members } = await clubWithMembers(t, 2, "close");
    const poll = await createPollAs(t, owner, clubId);
    expect((await vote(t, members[0]!, poll.id, [0])).status).toBe(200);
    const byMember = await t.request("POST", `/api/polls/${poll.id}/close`, { token: members[1]!.token });
    expect(byMember.status).toBe(403);
    const closed = await t.request("POST", `/api/polls/${poll.id}/close`, { token: owner.token });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ closed: true, can_vote: false, total_voters: 1 });
    const late = await vote(t, members[1]!, poll.id, [1]);
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe("This poll is closed: votes are no longer accepted.");
    const lateEs = await t.request("PUT", `/api/polls/${poll.id}/vote`, {
      token: members[1]!.token,
      json: { options: [1] },
      headers: { "accept-language": "es" },
    });
    expect(lateEs.body.detail).toBe("Esta encuesta está cerrada: ya no acepta votos.");
    expect(
      (await t.request("DELETE", `/api/polls/${poll.id}/vote`, { token: members[0]!.token })).status,
    ).toBe(409);
    expect(counts((await t.request("GET", `/api/polls/${poll.id}`)).body)).toEqual([1, 0]);
    const admin = await createQuickUser(t, { role: "admin" });
    expect((await t.request("POST", `/api/polls/${poll.id}/close`, { token: admin.token })).status).toBe(200);
  });

  test("by time: a closes_at a second away refuses votes once it passes", async () => {
    const { owner, clubId, members } = await clubWithMembers(t, 1, "timed");
    const closesAt = new Date(Date.now() + 1000).toISOString();
    const poll = await createPollAs(t, owner, clubId, { closes_at: closesAt });
    expect((await vote(t, members[0]!, poll.id, [0])).status).toBe(200);
    // Wait on the database's clock (the one the vote statement checks), not on a timer.
    await t.sql`select pg_sleep(greatest(0, extract(epoch from (${closesAt}::timestamptz - now())) + 0.05))`;
    const late = await vote(t, members[0]!, poll.id, [1]);
    expect(late.status).toBe(409);
    const read = await t.request("GET", `/api/polls/${poll.id}`);
    expect(read.body).toMatchObject({ closed: true, closes_at: closesAt, total_voters: 1 });
    expect(counts(read.body)).toEqual([1, 0]);
  });
});
