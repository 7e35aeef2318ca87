import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createReportWorld, report } from "./report.fixtures";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ RATE_REPORTS_PER_ACCOUNT: "3/1h" });
});
afterAll(() => t.close());

test("past the per-account limit reports are 429 with Retry-After; refused reports do not count", async () => {
  const w = await createReportWorld(t, "limit");
  // A duplicate and a missing target are refused, and give their hit back.
  expect((await report(t, w.reporter.token, { target_type: "post", target_id: w.postId })).status).toBe(201);
  expect((await report(t, w.reporter.token, { target_type: "post", target_id: w.postId })).status).toBe(409);
  expect((await report(t, w.reporter.token, { target_type: "post", target_id: 999_999 })).status).toBe(404);
  expect((await report(t, w.reporter.token, { target_type: "club", target_id: w.clubId })).status).toBe(201);
  expect((await report(t, w.reporter.token, { target_type: "user", target_id: w.author.id })).status).toBe(
    201,
  );
  const limited = await report(t, w.reporter.token, { target_type: "comment", target_id: w.comments[1]! });
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ detail: "You have sent too many reports for now. Try again later." });
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  // Another account still may.
  expect((await report(t, w.other.token, { target_type: "user", target_id: w.author.id })).status).toBe(201);
  const [{ n }] =
    (await t.sql`select count(*)::int as n from reports where reporter_id = ${w.reporter.id}`) as any;
  expect(n).toBe(3);
});
