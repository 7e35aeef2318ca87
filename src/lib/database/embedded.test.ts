import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./embedded";

/**
 * The zero-setup path for real: `bun src/main.ts` with no DATABASE_URL starts its own
 * PostgreSQL in DATA_DIR, keeps data across restarts and refuses a second process on the same
 * DATA_DIR. Also covers the idempotent ADMIN_USERNAME bootstrap.
 */
const dataDir = mkdtempSync(join(tmpdir(), "clubnica-embedded-"));
chmodSync(dataDir, 0o755);
const running: Bun.Subprocess[] = [];

afterAll(async () => {
  for (const proc of running) proc.kill("SIGKILL");
  await Promise.all(running.map((p) => p.exited));
  rmSync(dataDir, { recursive: true, force: true });
});

function startApp(port: number, extraEnv: Record<string, string> = {}) {
  const proc = Bun.spawn(["bun", "src/main.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      SMTP_URL: "",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      ...extraEnv,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  running.push(proc);
  return proc;
}

async function waitReady(port: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.status === 200) return;
    } catch {}
    await Bun.sleep(200);
  }
  throw new Error("app did not become ready");
}

async function stop(proc: Bun.Subprocess) {
  proc.kill("SIGTERM");
  return await proc.exited;
}

const admin = {
  ADMIN_USERNAME: "schooladmin",
  ADMIN_PASSWORD: "first-password-1",
  ADMIN_EMAIL: "it@school.ni",
};

describe("embedded PostgreSQL", () => {
  test("starts, keeps accounts across restarts, and refuses a second process on the same DATA_DIR", async () => {
    const port = await freePort();
    const first = startApp(port, admin);
    await waitReady(port);
    const base = `http://127.0.0.1:${port}`;
    const signup = await fetch(`${base}/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "persisted", password: "persisted-pass", role: "member" }),
    });
    expect(signup.status).toBe(201);

    const second = startApp(await freePort());
    expect(await second.exited).not.toBe(0);
    expect(await new Response(second.stderr).text()).toContain("already in use by another ClubNica process");

    expect(await stop(first)).toBe(0);

    // Restart with a different ADMIN_PASSWORD: the admin is not duplicated nor changed.
    const port2 = await freePort();
    const again = startApp(port2, { ...admin, ADMIN_PASSWORD: "second-password-2" });
    await waitReady(port2);
    const base2 = `http://127.0.0.1:${port2}`;
    const login = (username: string, password: string) =>
      fetch(`${base2}/login`, { method: "POST", body: new URLSearchParams({ username, password }) });
    expect((await login("persisted", "persisted-pass")).status).toBe(200);
    expect((await login("schooladmin", "first-password-1")).status).toBe(200);
    expect((await login("schooladmin", "second-password-2")).status).toBe(401);
    expect(await stop(again)).toBe(0);
  }, 90_000);
});
