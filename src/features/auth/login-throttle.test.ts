import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { metricValue } from "../../../test/metric-value";

const passwordChecksSoFar = () => metricValue("clubnica_password_checks_total");

setDefaultTimeout(120_000);
let t: TestApp;
beforeAll(async () => {
  // The test stands in for the Ingress, so X-Forwarded-For names each client's address.
  t = await setupTestApp({ TRUSTED_PROXIES: "127.0.0.1" });
});
afterAll(() => t.close());

const login = (username: string, password: string, from: string) =>
  t.request("POST", "/login", { form: { username, password }, headers: { "x-forwarded-for": from } });

function statuses(responses: { status: number }[]) {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

describe("the log-in throttle (defaults: 10 failures per account and address, 100 per account, in 15 minutes)", () => {
  test("300 parallel wrong logins from one address check at most 10 passwords", async () => {
    const user = await t.createUser();
    const before = await passwordChecksSoFar();
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => login(user.username, `wrong-password-${i}`, "198.51.100.9")),
    );
    const checked = (await passwordChecksSoFar()) - before;
    const counts = statuses(responses);
    expect(checked).toBeLessThanOrEqual(10);
    expect(counts[401]).toBe(checked);
    expect(counts[429]).toBe(300 - checked);
  });

  test("300 parallel wrong logins from 300 addresses check at most 100 passwords", async () => {
    const user = await t.createUser();
    const before = await passwordChecksSoFar();
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        login(user.username, `wrong-password-${i}`, `10.${Math.floor(i / 200)}.${i % 200}.7`),
      ),
    );
    const checked = (await passwordChecksSoFar()) - before;
    expect(checked).toBeLessThanOrEqual(100);
    expect(statuses(responses)[429]).toBe(300 - checked);
  });

  test("after an attacker's 50 wrong tries from another address, the owner's right password from their own address signs in", async () => {
    const user = await t.createUser();
    const attacker = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(user.username, `guess-${i}-guess`, "203.0.113.66")),
    );
    expect(statuses(attacker)[429]).toBeGreaterThanOrEqual(40);
    const owner = await login(user.username, user.password, "192.0.2.44");
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toBeTruthy();
    // The attacker's address stays refused, even with the right password.
    expect((await login(user.username, user.password, "203.0.113.66")).status).toBe(429);
  });

  test("a right password gives its count back: signing in often never locks a student out", async () => {
    const user = await t.createUser();
    for (let i = 0; i < 15; i++)
      expect((await login(user.username, user.password, "192.0.2.45")).status).toBe(200);
    const prefix = `login:${user.username.toLowerCase()}:`;
    const rows = await t.sql`select count from rate_limits where starts_with(key, ${prefix})`;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.count === 0)).toBe(true);
  });

  test("an unknown username is counted the same way, so 401 and 429 say nothing about existence", async () => {
    const responses = [];
    for (let i = 0; i < 11; i++)
      responses.push(await login("nobody_here_at_all", `guess-${i}-x`, "192.0.2.46"));
    expect(responses.slice(0, 10).every((res) => res.status === 401)).toBe(true);
    expect(responses[10]!.status).toBe(429);
  });
});
