import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { freePort } from "../../src/lib/net";
import {
  type AppProcess,
  createTestDatabase,
  killAll,
  startAppProcess,
  TEST_JWT_SECRET,
} from "../app-process";
import { signUpWithEmail } from "../http-account";
import { type MailCapture, startMailCapture } from "../mail-capture";

setDefaultTimeout(120_000);

/**
 * /metrics of the real process: requests of every kind are made on the public port, then the
 * metrics port is scraped and each promised series must be there. The public port only serves
 * /metrics to the token.
 */
const TOKEN = "metrics-token-for-the-test-run";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let capture: MailCapture | null;
let app: AppProcess;
let metricsUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  capture = await startMailCapture();
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  app = await startAppProcess({
    env: {
      NODE_ENV: "test",
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      SMTP_URL: capture.url,
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
    },
  });
}, 90_000);
afterAll(async () => {
  await killAll();
  await capture?.close();
  await database?.drop();
});

async function json(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  const res = await fetch(app.url + path, { ...init, headers });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
}

const user = (name: string) => signUpWithEmail(app.url, { name, lastName: "Métrica" });

/** The value of one series, e.g. `clubnica_mail_sent_total` or `name{label="x"}`. */
function value(text: string, series: string): number | null {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe("/metrics", () => {
  test("after some requests the metrics port reports requests, latency, pool, 304 polls, mail and rate limits", async () => {
    expect((await json("/api/clubs")).status).toBe(200);
    expect((await json("/api/clubs/987654321")).status).toBe(404);

    const ana = await user("ana");
    const ben = await user("ben");
    const sent = await json(`/api/messages/user/${ben.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "hola" }),
      token: ana.token,
    });
    expect(sent.status).toBe(201);
    const first = await json(`/api/messages/user/${ana.id}`, { token: ben.token });
    const etag = first.headers.get("etag") ?? "";
    const poll = await fetch(`${app.url}/api/messages/user/${ana.id}?after=${sent.body.id}`, {
      headers: { authorization: `Bearer ${ben.token}`, "if-none-match": etag },
    });
    expect(poll.status).toBe(304);

    for (let i = 0; i < 11; i++) {
      await json("/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: ana.username, password: "wrong-password" }).toString(),
      });
    }
    const refused = await json("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: ana.username, password: "wrong-password" }).toString(),
    });
    expect(refused.status).toBe(429);

    // One mail goes through; then the SMTP server goes away and the next send fails (and is
    // queued for a retry, so the request still succeeds).
    expect((await json("/auth/verify-email/start", { method: "POST", token: ana.token })).status).toBe(200);
    await capture?.waitFor((m) => m.to.includes(ana.email));
    await capture?.close();
    capture = null;
    expect((await json("/auth/verify-email/start", { method: "POST", token: ben.token })).status).toBe(200);

    const scrape = await fetch(metricsUrl);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toContain("text/plain");
    const text = await scrape.text();
    expect(value(text, 'clubnica_http_requests_total{method="GET",route="/api/clubs",status="200"}')).toBe(1);
    expect(
      value(text, 'clubnica_http_requests_total{method="GET",route="/api/clubs/:id",status="404"}'),
    ).toBe(1);
    // A request with a body is counted too (its body is read and checked before the route runs).
    expect(
      value(text, 'clubnica_http_requests_total{method="POST",route="/api/messages/user/:id",status="201"}'),
    ).toBe(1);
    expect(
      value(
        text,
        'clubnica_http_request_duration_seconds_count{method="GET",route="/api/clubs",status="200"}',
      ),
    ).toBe(1);
    expect(text).toMatch(
      /clubnica_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/clubs",status="200"\} \d/,
    );
    expect(value(text, 'clubnica_polls_not_modified_total{route="/api/messages/user/:id"}')).toBe(1);
    expect(value(text, 'clubnica_rate_limit_refusals_total{limiter="login"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, "clubnica_mail_sent_total")).toBe(1);
    expect(value(text, "clubnica_mail_failed_total")).toBeGreaterThanOrEqual(1);
    expect(value(text, 'clubnica_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'clubnica_db_pool_connections{state="max"}')).toBe(10);
    expect(value(text, "clubnica_db_pool_waiting_queries")).toBe(0);
  });

  test("the public port serves /metrics only with the token", async () => {
    const none = await json("/metrics");
    expect(none.status).toBe(401);
    expect(none.body.detail).toBeTruthy();
    const wrong = await json("/metrics", { token: "not-the-metrics-token-at-all" });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("clubnica_http_requests_total");
  });
});
