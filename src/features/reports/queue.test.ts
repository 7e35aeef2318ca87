import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createReportWorld, report } from "./report.fixtures";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const queue = async (token: string) => {
  const res = await t.request("GET", "/api/admin/reports?limit=100", { token });
  expect(res.status).toBe(200);
  return res;
};
const resolve = (token: string, body: Record<string, unknown>) =>
  t.request("POST", "/api/admin/reports/resolve", { token, json: body });
const notices = async (token: string) =>
  (await t.request("GET", "/api/notifications/notices", { token })).body
    .map((n: { kind: string }) => n.kind)
    // The notification centre lists every kind; these tests are about the report notices.
    .filter((kind: string) => kind.startsWith("report_"));
const auditOf = async (token: string, type: string, id: number) =>
  (await t.request("GET", `/api/admin/audit?target_type=${type}&target_id=${id}`, { token })).body;

describe("the moderation queue", () => {
  test("groups open reports by target, most reported first, with the comment in its thread", async () => {
    const w = await createReportWorld(t, "queue");
    const comment = w.comments[1]!;
    await report(t, w.reporter.token, { target_type: "post", target_id: w.postId, reason: "spam" });
    await report(t, w.reporter.token, { target_type: "comment", target_id: comment, reason: "harassment" });
    await report(t, w.other.token, {
      target_type: "comment",
      target_id: comment,
      reason: "other",
      details: "Insulta",
    });
    await report(t, w.reporter.token, { target_type: "message", target_id: w.clubMessageId, reason: "spam" });

    const count = await t.request("GET", "/api/admin/reports/count", { token: w.admin.token });
    expect(count.body).toEqual({ open_reports: 4, open_targets: 3 });

    const res = await queue(w.admin.token);
    expect(res.headers.get("x-total-count")).toBe("3");
    const groups = res.body;
    expect(groups.map((g: any) => [g.target_type, g.report_count])).toEqual([
      ["comment", 2],
      ["message", 1],
      ["post", 1],
    ]);
    const c = groups[0];
    expect(c.author).toEqual({
      id: w.author.id,
      username: w.author.username,
      display_name: w.author.username,
    });
    expect(c.reports.map((r: any) => [r.reporter.id, r.reason, r.details])).toEqual([
      [w.reporter.id, "harassment", null],
      [w.other.id, "other", "Insulta"],
    ]);
    expect(c.context.kind).toBe("comment");
    expect(c.context.post_id).toBe(w.postId);
    expect(c.context.post_title).toBe("Feria");
    expect(c.context.thread.map((l: any) => [l.content, l.reported])).toEqual([
      ["comment 0", false],
      ["comment 1", true],
      ["comment 2", false],
      ["comment 3", false],
    ]);
    const m = groups[1];
    expect(m.context).toMatchObject({ kind: "message", between: [] });
    expect(m.context.club_name).toBe("Club queue");
    expect(m.context.messages.map((l: any) => [l.content, l.reported])).toEqual([
      ["hola club", false],
      ["spam spam", true],
      ["eso es spam", false],
    ]);
    expect(groups[2].context).toMatchObject({ kind: "post", title: "Feria", text: "Vengan" });
  });

  test("a report that someone asks for photos or personal information comes first, marked urgent", async () => {
    const w = await createReportWorld(t, "urgent");
    // Two reports on a comment, then one newer grooming report on a direct message and one
    // harassment report on another comment: by count and date alone the grooming one would be
    // second, behind the twice-reported comment.
    await report(t, w.reporter.token, { target_type: "comment", target_id: w.comments[1]! });
    await report(t, w.other.token, { target_type: "comment", target_id: w.comments[1]! });
    await report(t, w.reporter.token, {
      target_type: "message",
      target_id: w.directMessageId,
      reason: "grooming",
    });
    await report(t, w.reporter.token, { target_type: "comment", target_id: w.comments[3]! });
    // Earlier tests in this file left their own open reports: this world's come in this order.
    const all = (await queue(w.admin.token)).body;
    const groups = all.filter((g: any) => g.author?.id === w.author.id);
    expect(groups.map((g: any) => [g.target_type, g.target_id, g.urgent])).toEqual([
      ["message", w.directMessageId, true],
      ["comment", w.comments[1], false],
      ["comment", w.comments[3], false],
    ]);
    expect(groups[0].reports.map((r: any) => r.reason)).toEqual(["grooming"]);
    // First of the whole queue, ahead of every other test's reports too, and so on page one.
    expect(all[0]).toMatchObject({ target_type: "message", target_id: w.directMessageId, urgent: true });
    const first = await t.request("GET", "/api/admin/reports?limit=1", { token: w.admin.token });
    expect(first.body.map((g: any) => g.target_id)).toEqual([w.directMessageId]);
  });

  test("a direct message shows the two people; content that is gone shows its snapshot", async () => {
    const w = await createReportWorld(t, "gone");
    await report(t, w.reporter.token, { target_type: "message", target_id: w.directMessageId });
    await report(t, w.reporter.token, { target_type: "comment", target_id: w.comments[3]! });
    await t.sql`delete from comments where id = ${w.comments[3]!}`;
    const groups = (await queue(w.admin.token)).body;
    const direct = groups.find((g: any) => g.target_type === "message" && g.target_id === w.directMessageId);
    expect(direct.context.between.map((p: any) => p.id).sort()).toEqual([w.author.id, w.reporter.id].sort());
    expect(direct.context.messages.map((l: any) => l.content)).toEqual(["mensaje feo"]);
    const gone = groups.find((g: any) => g.target_type === "comment" && g.target_id === w.comments[3]);
    expect(gone.context).toBeNull();
    expect(gone.snapshot).toBe("comment 3");
  });
});

describe("acting on reports", () => {
  test("dismiss closes every open report on the target, audits them and notifies each reporter", async () => {
    const w = await createReportWorld(t, "dismiss");
    const a = await report(t, w.reporter.token, { target_type: "post", target_id: w.postId });
    const b = await report(t, w.other.token, { target_type: "post", target_id: w.postId });
    const res = await resolve(w.admin.token, { target_type: "post", target_id: w.postId, action: "dismiss" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      target_type: "post",
      target_id: w.postId,
      action: "dismiss",
      status: "dismissed",
      report_ids: [a.body.id, b.body.id],
      author_id: w.author.id,
      until: null,
    });
    expect((await t.request("GET", `/api/posts/${w.postId}`)).status).toBe(200);
    const [entry] = await auditOf(w.admin.token, "post", w.postId);
    expect(entry).toMatchObject({
      action: "report.resolve",
      actor_id: w.admin.id,
      details: { action: "dismiss", report_ids: [a.body.id, b.body.id], author_id: w.author.id },
    });
    expect(await notices(w.reporter.token)).toEqual(["report_dismissed"]);
    expect(await notices(w.other.token)).toEqual(["report_dismissed"]);
    expect(await notices(w.author.token)).toEqual([]);
    // Resolved: no longer "Reported", and it may be reported again.
    expect((await t.request("GET", "/api/reports/mine", { token: w.reporter.token })).body).toEqual([]);
    expect((await report(t, w.reporter.token, { target_type: "post", target_id: w.postId })).status).toBe(
      201,
    );
    const again = await resolve(w.admin.token, {
      target_type: "club",
      target_id: w.clubId,
      action: "dismiss",
    });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: "There are no open reports about this." });
  });

  test("delete removes a comment (the count stays exact), a post, a club message (a tombstone) and a club", async () => {
    const w = await createReportWorld(t, "delete");
    const cases = [
      { target_type: "comment", target_id: w.comments[1]!, gone: "comment.delete" },
      { target_type: "message", target_id: w.clubMessageId, gone: "message.delete" },
      { target_type: "post", target_id: w.postId, gone: "post.delete" },
      { target_type: "club", target_id: w.clubId, gone: "club.delete" },
    ];
    for (const c of cases) {
      const filed = await report(t, w.reporter.token, { target_type: c.target_type, target_id: c.target_id });
      expect(filed.status).toBe(201);
      if (c.target_type === "comment") {
        const res = await resolve(w.admin.token, { ...c, action: "delete" });
        expect(res.body).toMatchObject({ status: "actioned", report_ids: [filed.body.id] });
        const post = await t.request("GET", `/api/posts/${w.postId}`);
        expect(post.body.comment_count).toBe(3);
        const comments = await t.request("GET", `/api/posts/${w.postId}/comments`, { token: w.other.token });
        expect(comments.body.map((x: any) => x.id)).not.toContain(c.target_id);
      } else {
        expect((await resolve(w.admin.token, { ...c, action: "delete" })).status).toBe(200);
      }
      if (c.target_type === "message") {
        // A tombstone, as when its sender deletes it: every reader's poll and live connection
        // are told it went (a removed row would stay on their screens).
        const [row] = await t.sql<{ content: string; deleted: boolean; change_seq: string | null }[]>`
          select content, deleted_at is not null as deleted, change_seq from messages where id = ${c.target_id}`;
        expect(row).toMatchObject({ content: "", deleted: true });
        expect(row!.change_seq).not.toBeNull();
      }
      const entries = await auditOf(w.admin.token, c.target_type, c.target_id);
      expect(entries.map((e: any) => e.action)).toEqual(["report.resolve", c.gone]);
      expect(entries[0].details).toMatchObject({ action: "delete", report_ids: [filed.body.id] });
    }
    expect((await t.request("GET", `/api/clubs/${w.clubId}`)).status).toBe(404);
    expect(await notices(w.reporter.token)).toEqual(Array(4).fill("report_actioned"));
  });

  test("mute and ban restrict the author for the duration; the audit names the reports", async () => {
    const w = await createReportWorld(t, "restrict");
    const m1 = await report(t, w.reporter.token, { target_type: "message", target_id: w.directMessageId });
    const muted = await resolve(w.admin.token, {
      target_type: "message",
      target_id: w.directMessageId,
      action: "mute",
      hours: 2,
    });
    expect(muted.status).toBe(200);
    expect(muted.body.author_id).toBe(w.author.id);
    expect(new Date(muted.body.until).getTime()).toBeGreaterThan(Date.now() + 2 * 3600_000 - 60_000);
    const send = await t.request("POST", `/api/messages/user/${w.reporter.id}`, {
      token: w.author.token,
      json: { content: "otra vez" },
    });
    expect(send.status).toBe(403);
    const entries = await auditOf(w.admin.token, "message", w.directMessageId);
    expect(entries[0]).toMatchObject({
      action: "report.resolve",
      details: { action: "mute", report_ids: [m1.body.id], until: muted.body.until },
    });
    const userAudit = await auditOf(w.admin.token, "user", w.author.id);
    expect(userAudit[0].action).toBe("user.mute");

    const u1 = await report(t, w.reporter.token, {
      target_type: "user",
      target_id: w.author.id,
      reason: "impersonation",
    });
    const banned = await resolve(w.admin.token, {
      target_type: "user",
      target_id: w.author.id,
      action: "ban",
      days: 1,
    });
    expect(banned.body).toMatchObject({
      status: "actioned",
      report_ids: [u1.body.id],
      author_id: w.author.id,
    });
    expect((await t.request("GET", "/api/users/me", { token: w.author.token })).status).toBe(403);
    expect(await notices(w.reporter.token)).toEqual(["report_actioned", "report_actioned"]);
  });

  test("refused: zero duration 422, deleting a person 422, no author left 409", async () => {
    const w = await createReportWorld(t, "refused");
    const before = (await t.request("GET", "/api/admin/reports/count", { token: w.admin.token })).body;
    await report(t, w.reporter.token, { target_type: "comment", target_id: w.comments[1]! });
    const zero = await resolve(w.admin.token, {
      target_type: "comment",
      target_id: w.comments[1]!,
      action: "ban",
    });
    expect(zero.status).toBe(422);
    expect(zero.body).toEqual({ detail: "Enter a duration longer than zero." });
    await report(t, w.reporter.token, { target_type: "user", target_id: w.author.id });
    const person = await resolve(w.admin.token, {
      target_type: "user",
      target_id: w.author.id,
      action: "delete",
    });
    expect(person.status).toBe(422);
    expect(person.body).toEqual({
      detail: "A person cannot be deleted from the queue: mute or ban them instead.",
    });
    await report(t, w.reporter.token, { target_type: "post", target_id: w.postId });
    await t.sql`update reports set author_id = null where target_type = 'post' and target_id = ${w.postId}`;
    const orphan = await resolve(w.admin.token, {
      target_type: "post",
      target_id: w.postId,
      action: "mute",
      days: 1,
    });
    expect(orphan.status).toBe(409);
    const bad = await resolve(w.admin.token, { target_type: "post", target_id: w.postId, action: "warn" });
    expect(bad.status).toBe(422);
    // Nothing above resolved anything.
    const count = await t.request("GET", "/api/admin/reports/count", { token: w.admin.token });
    expect(count.body.open_reports).toBe(before.open_reports + 3);
    // Content already deleted by its author counts as deleted.
    await t.sql`delete from comments where id = ${w.comments[1]!}`;
    const gone = await resolve(w.admin.token, {
      target_type: "comment",
      target_id: w.comments[1]!,
      action: "delete",
    });
    expect(gone.status).toBe(200);
  });
});
