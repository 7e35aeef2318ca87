import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createReportWorld, report } from "./report.fixtures";

/**
 * Issue 46, tried as a new user would: no reason fitted "me pide fotos o datos personales", and
 * reporting could not also block. Both now go through POST /api/reports.
 */
setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const blockState = async (token: string, otherId: number) =>
  (await t.request("GET", `/api/blocks/${otherId}`, { token })).body;

describe("the grooming reason", () => {
  test("“asks me for photos or personal information” is accepted and stored as grooming", async () => {
    const w = await createReportWorld(t, "groom");
    const res = await report(t, w.reporter.token, {
      target_type: "message",
      target_id: w.directMessageId,
      reason: "grooming",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      reason: "grooming",
      details: null,
      status: "open",
      blocked_user_id: null,
    });
    const [row] = await t.sql<{ reason: string; author_id: number }[]>`
      select reason, author_id from reports where id = ${res.body.id}`;
    expect(row).toEqual({ reason: "grooming", author_id: w.author.id });
    // The earlier reasons still work, and an unknown one still names every reason.
    const bad = await report(t, w.reporter.token, {
      target_type: "post",
      target_id: w.postId,
      reason: "photos",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].msg).toBe(
      "Choose a reason: harassment, not suitable for minors, spam, impersonation, asks for photos or personal information, or other.",
    );
  });
});

describe("also block, in the same step", () => {
  test("a report of a direct message blocks its author: they can no longer write to the reporter", async () => {
    const w = await createReportWorld(t, "alsoblock");
    const res = await report(t, w.reporter.token, {
      target_type: "message",
      target_id: w.directMessageId,
      reason: "grooming",
      block_author: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.blocked_user_id).toBe(w.author.id);
    expect(await blockState(w.reporter.token, w.author.id)).toEqual({ blocked: true, can_message: false });
    const send = await t.request("POST", `/api/messages/user/${w.reporter.id}`, {
      token: w.author.token,
      json: { content: "mandame una foto" },
    });
    expect(send.status).toBe(403);
    // The report itself is filed like any other.
    const [{ n }] = (await t.sql`select count(*)::int as n from reports where id = ${res.body.id}`) as any;
    expect(n).toBe(1);
  });

  test("a report of a person or a comment blocks that person; without block_author nobody is blocked", async () => {
    const w = await createReportWorld(t, "blockkinds");
    const plain = await report(t, w.reporter.token, { target_type: "comment", target_id: w.comments[1]! });
    expect(plain.body.blocked_user_id).toBeNull();
    expect((await blockState(w.reporter.token, w.author.id)).blocked).toBe(false);

    const comment = await report(t, w.other.token, {
      target_type: "comment",
      target_id: w.comments[3]!,
      block_author: true,
    });
    expect(comment.status).toBe(201);
    expect(comment.body.blocked_user_id).toBe(w.author.id);
    expect((await blockState(w.other.token, w.author.id)).blocked).toBe(true);

    const person = await report(t, w.reporter.token, {
      target_type: "user",
      target_id: w.owner.id,
      reason: "grooming",
      block_author: true,
    });
    expect(person.status).toBe(201);
    expect(person.body.blocked_user_id).toBe(w.owner.id);
    expect((await blockState(w.reporter.token, w.owner.id)).blocked).toBe(true);
  });

  test("already reported (409): the block asked for still takes effect", async () => {
    const w = await createReportWorld(t, "blockdup");
    const target = { target_type: "user", target_id: w.author.id };
    expect((await report(t, w.reporter.token, target)).status).toBe(201);
    const again = await report(t, w.reporter.token, { ...target, block_author: true });
    expect(again.status).toBe(409);
    expect((await blockState(w.reporter.token, w.author.id)).blocked).toBe(true);
  });

  test("a club or a post cannot also block (422, nothing filed); a non-boolean is 422", async () => {
    const w = await createReportWorld(t, "blocknot");
    for (const target of [
      { target_type: "club", target_id: w.clubId },
      { target_type: "post", target_id: w.postId },
    ]) {
      const res = await report(t, w.reporter.token, { ...target, block_author: true });
      expect(res.status).toBe(422);
      expect(res.body.detail[0]).toEqual({
        loc: ["body", "block_author"],
        msg: "Blocking goes with a report of a person, a comment or a message, not of a club or a post.",
      });
    }
    const bad = await report(t, w.reporter.token, {
      target_type: "user",
      target_id: w.author.id,
      block_author: "yes",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "block_author"]);
    const [{ n }] =
      (await t.sql`select count(*)::int as n from reports where reporter_id = ${w.reporter.id}`) as any;
    expect(n).toBe(0);
    expect((await blockState(w.reporter.token, w.owner.id)).blocked).toBe(false);
    expect((await blockState(w.reporter.token, w.author.id)).blocked).toBe(false);
  });

  test("past the block limit: 429 with the blocks' reason, and no report is filed", async () => {
    const w = await createReportWorld(t, "blocklimit");
    // The per-account block limit (60 an hour) is full.
    await t.sql`
      insert into rate_limits (key, window_index, count, previous_count, expires_at)
      values (${`blocks:u:${w.reporter.id}`}, floor(extract(epoch from now()) / 3600)::bigint, 60, 60,
        now() + interval '2 hours')
      on conflict (key) do update set count = 60, previous_count = 60`;
    const res = await report(t, w.reporter.token, {
      target_type: "user",
      target_id: w.author.id,
      block_author: true,
    });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      detail: "You are blocking and unblocking too fast. Wait a moment and try again.",
    });
    const [{ n }] =
      (await t.sql`select count(*)::int as n from reports where reporter_id = ${w.reporter.id}`) as any;
    expect(n).toBe(0);
  });
});
