import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createReportWorld, report } from "./report.fixtures";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const mine = async (token: string) => (await t.request("GET", "/api/reports/mine", { token })).body;

describe("POST /api/reports", () => {
  test("reports each kind of target; the reporter's open reports say so after a reload", async () => {
    const w = await createReportWorld(t, "kinds");
    const targets = [
      { target_type: "post", target_id: w.postId, reason: "not_for_minors" },
      { target_type: "comment", target_id: w.comments[1]!, reason: "harassment" },
      { target_type: "message", target_id: w.directMessageId, reason: "harassment" },
      { target_type: "message", target_id: w.clubMessageId, reason: "spam" },
      { target_type: "club", target_id: w.clubId, reason: "impersonation" },
      { target_type: "user", target_id: w.author.id, reason: "other", details: "  Me escribe a cada rato  " },
    ];
    for (const target of targets) {
      const res = await report(t, w.reporter.token, target);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ ...target, status: "open", details: target.details?.trim() ?? null });
    }
    expect(await mine(w.reporter.token)).toEqual(
      targets.map(({ target_type, target_id }) => ({ target_type, target_id })).reverse(),
    );
    expect(await mine(w.other.token)).toEqual([]);
    const [row] = await t.sql<{ author_id: number; snapshot: string }[]>`
      select author_id, snapshot from reports where target_type = 'comment' and target_id = ${w.comments[1]!}`;
    expect(row).toEqual({ author_id: w.author.id, snapshot: "comment 1" });
  });

  test("one open report per reporter and target: a second is 409; someone else may still report it", async () => {
    const w = await createReportWorld(t, "dup");
    const target = { target_type: "post", target_id: w.postId };
    expect((await report(t, w.reporter.token, target)).status).toBe(201);
    const again = await report(t, w.reporter.token, { ...target, reason: "spam" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: "You have already reported this. An admin will look at it." });
    expect((await report(t, w.other.token, target)).status).toBe(201);
    const [{ n }] =
      (await t.sql`select count(*)::int as n from reports where target_type = 'post' and target_id = ${w.postId}`) as any;
    expect(n).toBe(2);
  });

  test("two reports at once still make one", async () => {
    const w = await createReportWorld(t, "race");
    const target = { target_type: "club", target_id: w.clubId };
    const results = await Promise.all([report(t, w.other.token, target), report(t, w.other.token, target)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  test("refused: unknown targets 404, a chat message the caller cannot read 404, own content and self 422", async () => {
    const w = await createReportWorld(t, "refuse");
    const notFound = await report(t, w.reporter.token, { target_type: "post", target_id: 999_999 });
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual({ detail: "What you are reporting was not found." });
    for (const type of ["comment", "message", "club", "user"]) {
      expect((await report(t, w.reporter.token, { target_type: type, target_id: 999_999 })).status).toBe(404);
    }
    // other is neither in the direct conversation nor a member of the club.
    expect(
      (await report(t, w.other.token, { target_type: "message", target_id: w.directMessageId })).status,
    ).toBe(404);
    expect(
      (await report(t, w.other.token, { target_type: "message", target_id: w.clubMessageId })).status,
    ).toBe(404);
    // An admin reads every club chat, so may report from it.
    expect(
      (await report(t, w.admin.token, { target_type: "message", target_id: w.clubMessageId })).status,
    ).toBe(201);
    const own = await report(t, w.author.token, { target_type: "comment", target_id: w.comments[1]! });
    expect(own.status).toBe(422);
    expect(own.body).toEqual({ detail: "You cannot report your own content." });
    expect((await report(t, w.owner.token, { target_type: "club", target_id: w.clubId })).status).toBe(422);
    const self = await report(t, w.reporter.token, { target_type: "user", target_id: w.reporter.id });
    expect(self.body).toEqual({ detail: "You cannot report yourself." });
  });

  test("bad input is 422 with a message per field", async () => {
    const w = await createReportWorld(t, "bad");
    const badType = await report(t, w.reporter.token, { target_type: "poll", target_id: 1 });
    expect(badType.status).toBe(422);
    expect(badType.body.detail[0]).toEqual({
      loc: ["body", "target_type"],
      msg: "Choose what to report: a post, comment, message, club or user.",
    });
    const badReason = await report(t, w.reporter.token, {
      target_type: "post",
      target_id: w.postId,
      reason: "ugly",
    });
    expect(badReason.body.detail[0].loc).toEqual(["body", "reason"]);
    const otherEmpty = await report(t, w.reporter.token, {
      target_type: "post",
      target_id: w.postId,
      reason: "other",
      details: "   ",
    });
    expect(otherEmpty.status).toBe(422);
    expect(otherEmpty.body.detail[0]).toEqual({
      loc: ["body", "details"],
      msg: "Say in a few words what is wrong.",
    });
    const long = await report(t, w.reporter.token, {
      target_type: "post",
      target_id: w.postId,
      reason: "spam",
      details: "x".repeat(301),
    });
    expect(long.body.detail[0].msg).toBe("Keep it under 300 characters.");
    expect(await mine(w.reporter.token)).toEqual([]);
  });

  test("answers in the reporter's language", async () => {
    const w = await createReportWorld(t, "es");
    await report(t, w.reporter.token, { target_type: "post", target_id: w.postId });
    const res = await t.request("POST", "/api/reports", {
      token: w.reporter.token,
      json: { target_type: "post", target_id: w.postId, reason: "spam" },
      headers: { "accept-language": "es" },
    });
    expect(res.body).toEqual({ detail: "Ya reportaste esto. Un administrador lo va a revisar." });
  });
});

describe("role matrix", () => {
  test("reporting: guest 401, banned 403; member, other member, muted, owner and admin may report", async () => {
    const w = await createReportWorld(t, "matrix");
    const target = { target_type: "post", target_id: w.postId };
    expect((await report(t, null, target)).status).toBe(401);
    expect((await t.request("GET", "/api/reports/mine")).status).toBe(401);
    const banned = await report(t, w.banned.token, target);
    expect(banned.status).toBe(403);
    expect(banned.body.detail).toContain("banned");
    for (const who of [w.reporter, w.other, w.muted, w.owner, w.admin]) {
      expect((await report(t, who.token, target)).status).toBe(201);
    }
  });

  test("the queue, its count and resolving: guest 401; member, other member, owner, muted 403; banned 403; admin 200", async () => {
    const w = await createReportWorld(t, "matrix2");
    await report(t, w.reporter.token, { target_type: "post", target_id: w.postId });
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/reports"],
      ["GET", "/api/admin/reports/count"],
      ["POST", "/api/admin/reports/resolve", { target_type: "post", target_id: w.postId, action: "dismiss" }],
    ];
    for (const [method, path, json] of calls) {
      expect((await t.request(method, path, { json })).status).toBe(401);
      for (const who of [w.reporter, w.other, w.owner, w.muted, w.author, w.banned]) {
        expect((await t.request(method, path, { token: who.token, json })).status).toBe(403);
      }
    }
    for (const [method, path, json] of calls) {
      expect((await t.request(method, path, { token: w.admin.token, json })).status).toBe(200);
    }
  });
});
