import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { metricValue } from "../../../test/metric-value";
import { callFrom } from "../../../test/socket-client";
import { withHashSlot } from "../../lib/hash-slots";

/**
 * The process's bound on password hashes, over a real socket: with every slot taken and the
 * queue full, a log-in is answered 503 with Retry-After and a catalogue detail at once, rather
 * than waiting (and holding 64 MiB) behind a flood; once a slot frees, log-ins pass again.
 */
setDefaultTimeout(30_000);
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await setupTestApp({ PASSWORD_HASH_CONCURRENCY: "1", PASSWORD_HASH_QUEUE: "0" });
  base = t.listen();
});
afterAll(async () => {
  await t.close();
});

describe("the hashing queue", () => {
  test("full, a log-in gets 503 with Retry-After and no hash; freed, the same log-in passes", async () => {
    const student = await t.createUser();
    const login = (locale: string) =>
      callFrom(base, "POST", "/login", {
        from: "127.0.0.2",
        json: { username: student.username, password: student.password },
        headers: { "accept-language": locale },
      });
    let release = () => {};
    const held = withHashSlot(() => new Promise<void>((resolve) => (release = resolve)));
    const before = await metricValue("clubnica_password_checks_total");
    try {
      const busy = await login("en");
      expect(busy.status).toBe(503);
      expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
      expect(busy.body.detail).toBe("The server is busy checking passwords. Try again in a few seconds.");
      const ocupado = await login("es");
      expect(ocupado.status).toBe(503);
      expect(ocupado.body.detail).toStartWith("El servidor está ocupado");
      expect(await metricValue("clubnica_password_checks_total")).toBe(before);
      // Not checked is not failed: neither answer counts against the address or the account.
      const counts = await t.sql<{ count: number }[]>`
        select count from rate_limits where key in (${"login-address:a:127.0.0.2"}, ${`login:${student.username.toLowerCase()}:untrusted`})`;
      expect(counts.map((row) => row.count)).toEqual([0, 0]);
    } finally {
      release();
      await held;
    }
    expect((await login("en")).status).toBe(200);
  });
});
