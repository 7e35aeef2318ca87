import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killAll, startAppProcess } from "../../../test/app-process";

/**
 * The zero-setup path for real: `bun src/main.ts` with no DATABASE_URL starts its own
 * PostgreSQL in DATA_DIR, keeps data across restarts and refuses a second process on the same
 * DATA_DIR. Also covers the idempotent ADMIN_USERNAME bootstrap.
 */
const dataDir = mkdtempSync(join(tmpdir(), "clubnica-embedded-"));
chmodSync(dataDir, 0o755);

afterAll(async () => {
  await killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

const admin = {
  ADMIN_USERNAME: "schooladmin",
  ADMIN_PASSWORD: "first-password-1",
  ADMIN_EMAIL: "it@school.ni",
};

function startApp(env: Record<string, string>, waitFor: "/readyz" | null = "/readyz") {
  return startAppProcess({
    env: { DATA_DIR: dataDir, NODE_ENV: "development", LOG_LEVEL: "warn", ...env },
    waitFor,
    // A start initialises or recovers a whole cluster; in a CI run on a slower 2-core machine,
    // beside the browser tests, one took over a minute (the test's five starts took 102 s).
    timeoutMs: 120_000,
  });
}

describe("embedded PostgreSQL", () => {
  test("starts, keeps accounts across restarts, and refuses a second process on the same DATA_DIR", async () => {
    const first = await startApp(admin);
    const signup = await fetch(`${first.url}/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "persisted", password: "persisted-pass", role: "member" }),
    });
    expect(signup.status).toBe(201);

    const second = await startApp({}, null);
    expect(await second.waitForExit(30_000)).toBe(73);
    expect(second.output()).toContain("already in use by another ClubNica process");

    first.proc.kill("SIGTERM");
    expect(await first.waitForExit(30_000)).toBe(0);

    // Restart with a different ADMIN_PASSWORD: the admin is not duplicated nor changed.
    const again = await startApp({ ...admin, ADMIN_PASSWORD: "second-password-2" });
    const login = (username: string, password: string) =>
      fetch(`${again.url}/login`, { method: "POST", body: new URLSearchParams({ username, password }) });
    expect((await login("persisted", "persisted-pass")).status).toBe(200);
    expect((await login("schooladmin", "first-password-1")).status).toBe(200);
    expect((await login("schooladmin", "second-password-2")).status).toBe(401);

    // Killed outright, the app cannot stop its database: the next start stops the stale
    // postmaster, takes over the lock and serves the same data.
    again.proc.kill("SIGKILL");
    await again.waitForExit(30_000);
    const revived = await startApp({});
    const relogin = await fetch(`${revived.url}/login`, {
      method: "POST",
      body: new URLSearchParams({ username: "persisted", password: "persisted-pass" }),
    });
    expect(relogin.status).toBe(200);
    revived.proc.kill("SIGTERM");
    const revivedCode = await revived.waitForExit(30_000);
    if (revivedCode !== 0) console.error("REVIVED", revived.output());
    expect(revivedCode).toBe(0);
  }, 240_000);
});
