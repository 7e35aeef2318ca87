import { resolve } from "node:path";
import postgres from "postgres";
import { freePort } from "../src/lib/net";
import { createDatabaseFromTemplate, dropDatabase, withDatabase } from "./database";

/**
 * Runs the real server as its own process (`bun src/main.ts`, the image's command) so tests see
 * what Kubernetes sees: signals, exit codes, HTTP on a port. Every process started here is
 * killed by `killAll()` (call it in afterAll), also after a failed assertion.
 */
export const repoRoot = resolve(import.meta.dir, "..");
const running = new Set<AppProcess>();

export type AppProcess = {
  url: string;
  proc: Bun.Subprocess<"ignore", "pipe", "pipe">;
  output: () => string;
  /** Resolves with the exit code, or null when the process is still running after timeoutMs. */
  waitForExit: (timeoutMs: number) => Promise<number | null>;
};

async function collect(stream: ReadableStream<Uint8Array>, sink: string[]) {
  const decoder = new TextDecoder();
  for await (const chunk of stream) sink.push(decoder.decode(chunk, { stream: true }));
}

/**
 * Outside production the app accepts a cheap argon2id cost, as test/harness.ts sets it: the
 * processes these tests start sign up and log in dozens of accounts, each hash at the production
 * cost (64 MiB, 2 passes) about 0.1 s of CPU. A production process keeps its cost (config.ts
 * refuses less); a test may still pass its own.
 */
const CHEAP_PASSWORD_COST = { PASSWORD_HASH_MEMORY_KIB: "8", PASSWORD_HASH_TIME_COST: "1" };

/** Starts the app (`bun src/main.ts`) with the given environment; waits until /readyz (or /healthz) is 200. */
export async function startAppProcess(options: {
  env: Record<string, string>;
  /** Defaults to the repository and `bun src/main.ts`; a simulated image passes its own. */
  cwd?: string;
  cmd?: string[];
  /** "uid:gid" to run as (needs root, like the container runtime; ignored otherwise). */
  user?: string | null;
  waitFor?: "/readyz" | "/healthz" | null;
  timeoutMs?: number;
}): Promise<AppProcess> {
  const port = await freePort();
  const chunks: string[] = [];
  // A clean environment, as a container has: only what the test passes (the port always wins).
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    HOME: process.env.HOME ?? "/tmp",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    ...(options.env.NODE_ENV === "production" ? {} : CHEAP_PASSWORD_COST),
    ...options.env,
    PORT: String(port),
  };
  const cmd = options.cmd ?? ["bun", "src/main.ts"];
  const [uid, gid = uid] = options.user?.split(":") ?? [];
  const asUser = uid && process.getuid?.() === 0;
  const argv = asUser ? ["setpriv", `--reuid=${uid}`, `--regid=${gid}`, "--clear-groups", "--", ...cmd] : cmd;
  const proc = Bun.spawn(argv, {
    cwd: options.cwd ?? repoRoot,
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const collected = Promise.all([collect(proc.stdout, chunks), collect(proc.stderr, chunks)]).catch(() => {});
  const url = `http://127.0.0.1:${port}`;
  const app: AppProcess = {
    url,
    proc,
    output: () => chunks.join(""),
    waitForExit: async (timeoutMs) => {
      const code = await Promise.race([proc.exited, Bun.sleep(timeoutMs).then(() => null)]);
      // The lines flushed as the process exits (the shutdown's last ones) can still be in the
      // pipe when `exited` resolves: read them before a test looks at output(). Bounded, in case
      // a child of the app still holds the pipe open.
      if (code !== null) await Promise.race([collected, Bun.sleep(2000)]);
      return code;
    },
  };
  running.add(app);
  void proc.exited.then(() => running.delete(app));
  const path = options.waitFor === undefined ? "/readyz" : options.waitFor;
  if (path === null) return app;
  const deadline = Date.now() + (options.timeoutMs ?? 45_000);
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) break;
    const ok = await fetch(url + path)
      .then((res) => res.status === 200)
      .catch(() => false);
    if (ok) return app;
    await Bun.sleep(50);
  }
  proc.kill("SIGKILL");
  await proc.exited;
  throw new Error(`app did not become ready on ${path} (exit ${proc.exitCode}):\n${app.output()}`);
}

/** Kills every app process a test left running. */
export async function killAll(): Promise<void> {
  const left = [...running];
  for (const app of left) app.proc.kill("SIGKILL");
  await Promise.all(left.map((app) => app.proc.exited));
}

/** A fresh, migrated database cloned from the test template (see test/preload.ts). */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.CLUBNICA_TEST_ADMIN_URL;
  const template = process.env.CLUBNICA_TEST_TEMPLATE;
  if (!adminUrl || !template) throw new Error("test/preload.ts did not run (see bunfig.toml)");
  const name = await createDatabaseFromTemplate(adminUrl, template);
  return { url: withDatabase(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}

/**
 * Two replicas of the app on one fresh database, as Kubernetes runs them behind one Service
 * (`env` adds to the test defaults). `stop` kills them and drops the database.
 */
export async function startReplicas(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const all = {
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: "warn",
    ...env,
  };
  const a = await startAppProcess({ env: all });
  const b = await startAppProcess({ env: all });
  return {
    database,
    a,
    b,
    async stop() {
      await killAll();
      await database.drop();
    },
  };
}

/**
 * A club with these members, written straight to `databaseUrl`: for tests that run the app as
 * processes and need club-mates (joining through the API takes an owner's approval).
 */
export async function insertClubWithMembers(databaseUrl: string, name: string, memberIds: number[]) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [club] = await sql<{ id: number }[]>`
      insert into clubs (name, description) values (${name}, 'Un club de prueba') returning id`;
    await sql`insert into club_members (club_id, user_id) select ${club!.id}, unnest(${memberIds}::int[])`;
    return club!.id;
  } finally {
    await sql.end();
  }
}

export const TEST_JWT_SECRET = "deploy-test-secret-that-is-long-enough-for-hs256";
