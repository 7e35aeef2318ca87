import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { metricValue } from "../../../test/metric-value";
import { expectRefused, type PerAddressApp, startPerAddressApp } from "./per-address.fixtures";

/**
 * The password-hashing budget of one client address, over real sockets at the default settings
 * (RATE_LOGIN_FAILURES_PER_ADDRESS = 50/1m): one address sending log-ins for made-up usernames
 * was once hashed without end (argon2id, ~120 ms and 64 MiB each), and a right log-in from
 * another address waited seconds behind them. Asserted on the hash counter, never on time.
 */
setDefaultTimeout(60_000);
let app: PerAddressApp;
beforeAll(async () => {
  // The lab's 80 accounts are created in-process, from one address: sign-ups out of the way.
  app = await startPerAddressApp({ RATE_SIGNUPS_PER_ADDRESS: "1000/1h" });
});
afterAll(async () => {
  await app.close();
});

const covered = new Set<string>();
const passwordChecksSoFar = () => metricValue("clubnica_password_checks_total");
/**
 * The budget's window is a minute: a flood that straddled the start of one would be weighed
 * across two windows. Started in a minute's first 50 seconds, the few seconds it takes stay
 * inside one (the database runs on this machine's clock).
 */
async function startInsideOneMinute(): Promise<void> {
  const second = (Date.now() / 1000) % 60;
  if (second > 50) await Bun.sleep((60 - second) * 1000 + 100);
}

const madeUp = (i: number) => `nobody_${i}_${Math.random().toString(36).slice(2, 8)}`;

describe("failed log-ins from one address, whatever the usernames", () => {
  test("60 made-up usernames from 127.0.0.2: past 50 refused with 429 and no hash; a right log-in from 127.0.0.3 passes", async () => {
    covered.add("RATE_LOGIN_FAILURES_PER_ADDRESS");
    const student = await app.t.createUser();
    await startInsideOneMinute();
    const before = await passwordChecksSoFar();
    const flood = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        app.call("POST", "/login", {
          from: "127.0.0.2",
          json: { username: madeUp(i), password: "guess-1234" },
        }),
      ),
    );
    const hashed = (await passwordChecksSoFar()) - before;
    const refused = flood.filter((res) => res.status === 429);
    expect(flood.filter((res) => res.status === 401).length).toBe(50);
    expect(refused.length).toBe(10);
    for (const res of refused) expectRefused(res);
    expect(hashed).toBe(50);

    // The same address stays refused for a new made-up name and hashes nothing more.
    expectRefused(
      await app.call("POST", "/login", {
        from: "127.0.0.2",
        json: { username: madeUp(99), password: "x-y-z" },
      }),
    );
    expect((await passwordChecksSoFar()) - before).toBe(50);

    const other = await app.call("POST", "/login", {
      from: "127.0.0.3",
      json: { username: student.username, password: student.password },
    });
    expect(other.status).toBe(200);
    expect(typeof other.body.access_token).toBe("string");
  });

  test("right log-ins give their count back: a school lab of 80 students behind one address all sign in", async () => {
    const students = await Promise.all(Array.from({ length: 80 }, () => app.t.createUser()));
    for (const student of students) {
      const res = await app.call("POST", "/login", {
        from: "127.0.5.5",
        json: { username: student.username, password: student.password },
      });
      expect(res.status).toBe(200);
    }
    const counters = await app.countersAt("127.0.5.5");
    expect(counters).toContainEqual({ key: "login-address:a:127.0.5.5", count: 0 });
    expect(counters.every((counter) => counter.count === 0)).toBe(true);
  });
});
