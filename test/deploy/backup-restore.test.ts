import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import sharp from "sharp";
import { kustomize } from "../../scripts/kustomize-lite";
import { loadConfig } from "../../src/config";
import { createLogger } from "../../src/lib/logger";
import { type RunningServer, startServer } from "../../src/server";
import { repoRoot, TEST_JWT_SECRET } from "../app-process";
import { type PgCluster, startPgCluster } from "./pg-cluster";

setDefaultTimeout(60_000);

/**
 * The single-PostgreSQL backup, followed for real: the app writes a club with an image into a
 * PostgreSQL of the same major version as the client tools, the CronJob's own command (taken
 * from the rendered overlay, not copied) dumps it, the database is dropped, the restore
 * procedure of docs/kubernetes.md brings it back, and the app serves the club and its image.
 */
const PASSWORD = "backup-test-password";
let pg: PgCluster;
let backups: string;
let server: RunningServer | null = null;

beforeAll(async () => {
  pg = await startPgCluster();
  backups = mkdtempSync(join(tmpdir(), "clubnica-backups-"));
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  // As in the official postgres image, POSTGRES_USER (clubnica) is the cluster's superuser.
  await admin.unsafe(`create role clubnica login superuser password '${PASSWORD}'`);
  await admin.unsafe("create database clubnica owner clubnica");
  await admin.end();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  pg?.stop();
  if (backups) rmSync(backups, { recursive: true, force: true });
});

const databaseUrl = () => `postgres://clubnica:${PASSWORD}@127.0.0.1:${pg.port}/clubnica`;

async function startApp(): Promise<RunningServer> {
  const config = loadConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    DATABASE_URL: databaseUrl(),
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_USERNAME: "backupadmin",
    ADMIN_PASSWORD: "backup-admin-password",
  });
  return await startServer(config, createLogger("silent"));
}

/** The backup container of the rendered single-postgres overlay: its command and plain env. */
function cronJobContainer() {
  const cron = kustomize(join(repoRoot, "k8s/overlays/single-postgres")).find(
    (o) => o.kind === "CronJob" && o.metadata.name === "clubnica-backup",
  );
  if (!cron) throw new Error("no CronJob clubnica-backup in the single-postgres overlay");
  const container = (cron.spec as any).jobTemplate.spec.template.spec.containers[0];
  const env: Record<string, string> = {};
  for (const e of container.env as { name: string; value?: string }[])
    if (e.value !== undefined) env[e.name] = e.value;
  return { command: container.command as string[], env };
}

describe("single-postgres backup and restore", () => {
  test("pg_dump -Fc by the CronJob's script, drop, pg_restore: the club and its image come back", async () => {
    server = await startApp();
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "backupadmin", password: "backup-admin-password" }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("name", "Club de Respaldo");
    form.set("description", "Sobrevive a una restauración.");
    form.set("image", new File([new Uint8Array(png)], "cover.png", { type: "image/png" }));
    const created = await fetch(`${server.url}/api/clubs`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const club = (await created.json()) as { id: number; image_url: string };
    expect(club.image_url).toMatch(/^\/uploads\//);
    await server.stop();
    server = null;

    // Retention: a dump older than BACKUP_RETENTION_DAYS goes, a younger one stays.
    const { command, env } = cronJobContainer();
    const day = 24 * 3600;
    const now = Date.now() / 1000;
    const old = join(backups, "clubnica-2000-01-01T020000Z.dump");
    const recent = join(backups, "clubnica-2000-01-02T020000Z.dump");
    writeFileSync(old, "old");
    writeFileSync(recent, "recent");
    utimesSync(
      old,
      now - (Number(env.BACKUP_RETENTION_DAYS) + 1) * day,
      now - (Number(env.BACKUP_RETENTION_DAYS) + 1) * day,
    );
    utimesSync(recent, now - 2 * day, now - 2 * day);

    const backup = pg.run(command, {
      ...env,
      // The CronJob's environment, pointed at this server; the password comes from its Secret.
      PGHOST: "127.0.0.1",
      PGPORT: String(pg.port),
      PGPASSWORD: PASSWORD,
      BACKUP_DIR: backups,
    });
    expect(backup.out).toContain("backup written:");
    expect(backup.code).toBe(0);
    const files = readdirSync(backups).sort();
    expect(files).not.toContain("clubnica-2000-01-01T020000Z.dump");
    expect(files).toContain("clubnica-2000-01-02T020000Z.dump");
    const dump = files.find(
      (f) => /^clubnica-\d{4}-\d\d-\d\dT\d{6}Z\.dump$/.test(f) && !f.startsWith("clubnica-2000"),
    );
    expect(dump).toBeDefined();

    // Disaster: the database is gone. Restore with the commands of docs/kubernetes.md.
    const client = { PGHOST: "127.0.0.1", PGPORT: String(pg.port), PGPASSWORD: PASSWORD };
    expect(pg.run(["dropdb", "-U", "clubnica", "--force", "--if-exists", "clubnica"], client).code).toBe(0);
    expect(pg.run(["createdb", "-U", "clubnica", "clubnica"], client).code).toBe(0);
    const restore = pg.run(
      [
        "pg_restore",
        "-U",
        "clubnica",
        "-d",
        "clubnica",
        "--no-owner",
        "--exit-on-error",
        join(backups, dump as string),
      ],
      client,
    );
    expect(restore.out).toBe("");
    expect(restore.code).toBe(0);

    server = await startApp();
    const read = await fetch(`${server.url}/api/clubs/${club.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { name: string }).name).toBe("Club de Respaldo");
    const image = await fetch(server.url + club.image_url);
    expect(image.status).toBe(200);
    const meta = await sharp(new Uint8Array(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });
});
