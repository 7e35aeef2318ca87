import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../src/lib/net";

/**
 * A throwaway PostgreSQL cluster from the distribution's binaries (Debian's postgresql-15, which
 * .ci/run installs), for tests that need the real client tools of the same version: pg_dump and
 * pg_restore. PostgreSQL refuses to run as root, so under root it runs as the `postgres` user.
 */
export type PgCluster = {
  bin: string;
  port: number;
  /** Superuser URL of the `postgres` database. */
  url: string;
  run: (cmd: string[], env?: Record<string, string>) => { code: number; out: string };
  stop: () => void;
};

/** PG_BIN_DIR, else the newest /usr/lib/postgresql/<major>/bin with initdb and pg_dump. */
function findPgBin(): string | null {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const bin = join(root, major, "bin");
    if (["initdb", "pg_ctl", "pg_dump", "pg_restore"].every((t) => existsSync(join(bin, t)))) return bin;
  }
  return null;
}

function asOwner(cmd: string[]): string[] {
  return process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--", ...cmd] : cmd;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error("no PostgreSQL binaries: apt-get install postgresql-15 (or set PG_BIN_DIR)");
  const dir = mkdtempSync(join(tmpdir(), "clubnica-pg-"));
  chmodSync(dir, 0o755);
  const data = join(dir, "data");
  if (process.getuid?.() === 0) {
    const uid = Number(Bun.spawnSync(["id", "-u", "postgres"]).stdout.toString().trim());
    const gid = Number(Bun.spawnSync(["id", "-g", "postgres"]).stdout.toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  const run = (cmd: string[], env: Record<string, string> = {}) => {
    const result = Bun.spawnSync(cmd, {
      env: { ...process.env, ...env, PATH: `${bin}:${process.env.PATH}` },
      stdout: "pipe",
      stderr: "pipe",
    });
    return { code: result.exitCode, out: result.stdout.toString() + result.stderr.toString() };
  };
  const init = run(
    asOwner([join(bin, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]),
  );
  if (init.code !== 0) throw new Error(`initdb failed:\n${init.out}`);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = run(
    asOwner([join(bin, "pg_ctl"), "-D", data, "-o", options, "-l", join(dir, "log"), "-w", "start"]),
  );
  if (start.code !== 0) throw new Error(`pg_ctl start failed:\n${start.out}`);
  return {
    bin,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    run,
    stop: () => {
      run(asOwner([join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"]));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
