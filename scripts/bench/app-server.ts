/**
 * The real app as its own process for a benchmark: `bun src/main.ts` with NODE_ENV=production,
 * as a deployment starts it (the server bundle when `bun run build` made a current one, else the
 * sources: the app's start-up log line says which). Its clients then share no event loop with it.
 * APP_FLAGS adds flags to bun, e.g. `APP_FLAGS="--cpu-prof-md --cpu-prof-dir=/tmp/prof"` for a
 * CPU profile of the app, written when it stops.
 */
import { readFileSync } from "node:fs";
import { freePort } from "../../src/lib/net";
import { chooseServerEntry } from "../../src/lib/runtime/server-bundle";

export type BenchServer = {
  url: string;
  port: number;
  pid: number;
  /** The app's resident memory now, in bytes (from /proc). */
  rss(): number;
  /** The app's CPU time so far (user + system), in seconds (from /proc). */
  cpuSeconds(): number;
  stop(): Promise<void>;
};

const TICKS_PER_SECOND = 100;

/**
 * Starts the app over `databaseUrl` on 127.0.0.1 and waits until `/readyz` answers 200. `env`
 * adds to or overrides the defaults (a quiet log, no shutdown delay).
 */
export async function startBenchServer({
  databaseUrl,
  jwtSecret,
  env = {},
}: {
  databaseUrl: string;
  jwtSecret: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const root = `${import.meta.dir}/../..`;
  const entry = chooseServerEntry({ NODE_ENV: "production" });
  console.log(`app: ${entry.kind} (${entry.reason})`);
  const flags = (process.env.APP_FLAGS ?? "").split(" ").filter(Boolean);
  const app = Bun.spawn(["bun", ...flags, "src/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: "warn",
      SHUTDOWN_DELAY_MS: "0",
      DATA_DIR: `/tmp/clubnica-bench-${process.pid}-${port}`,
      ...env,
    },
    stdout: "inherit",
    stderr: "inherit",
  });
  const stop = async () => {
    app.kill("SIGTERM");
    await Promise.race([app.exited, Bun.sleep(flags.length > 0 ? 30_000 : 5000)]);
    if (app.exitCode === null && app.signalCode === null) app.kill("SIGKILL");
  };
  const deadline = performance.now() + 180_000;
  for (;;) {
    const status = await fetch(`${url}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (performance.now() > deadline || app.exitCode !== null) {
      await stop();
      throw new Error("the app did not become ready");
    }
    await Bun.sleep(100);
  }
  return {
    url,
    port,
    pid: app.pid,
    rss() {
      const status = readFileSync(`/proc/${app.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    },
    cpuSeconds() {
      // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): utime, stime.
      const stat = readFileSync(`/proc/${app.pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    },
    stop,
  };
}
