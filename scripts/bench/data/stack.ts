/**
 * The production stack for scripts/bench/data.ts: e2e/support/stack.ts (real PostgreSQL, SMTP
 * capture, production bundle, the app) under its own run id, then the demo seed (scripts/seed.ts:
 * Nicaraguan clubs with covers, people, posts, chats), so the pages weigh what they will weigh.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "../../..");

export type Stack = { baseURL: string; databaseUrl: string; stop: () => Promise<void> };

export async function startStack(): Promise<Stack> {
  const runId = `bench-data-${process.pid}`;
  const stateFile = join(root, `e2e/.state/stack-${runId}.json`);
  const child = Bun.spawn(["bun", "e2e/support/stack.ts"], {
    cwd: root,
    env: { ...process.env, E2E_RUN_ID: runId, E2E_LOG_LEVEL: "error" },
    stdin: "pipe",
    stdout: "inherit",
    stderr: "inherit",
  });
  const stop = async () => {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await child.exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 240_000;
  while (!existsSync(stateFile)) {
    if (child.exitCode !== null) throw new Error("the stack failed to start");
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the stack did not start in 240 s");
    }
    await Bun.sleep(250);
  }
  const state = JSON.parse(readFileSync(stateFile, "utf8")) as { baseURL: string; databaseUrl: string };
  const seed = Bun.spawnSync(["bun", "scripts/seed.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: state.databaseUrl, NODE_ENV: "development", LOG_LEVEL: "error" },
    stdout: "inherit",
    stderr: "inherit",
  });
  if (seed.exitCode !== 0) {
    await stop();
    throw new Error("seeding failed");
  }
  return { ...state, stop };
}
