import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { STATE_FILE } from "./support/state";

/**
 * Starts e2e/support/stack.ts (PostgreSQL, SMTP capture, production bundle, the app) under Bun
 * and waits until it reports ready. The returned function is the global teardown: it stops the
 * stack, also after failures (the stack also stops itself when this process goes away).
 */
export default async function globalSetup() {
  rmSync(STATE_FILE, { force: true });
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const child = spawn("bun", ["e2e/support/stack.ts"], {
    cwd: root,
    stdio: ["pipe", "inherit", "inherit"],
    env: process.env,
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + 180_000;
  while (!existsSync(STATE_FILE)) {
    if (exited) throw new Error("the e2e stack failed to start (see its output above)");
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("the e2e stack did not start in 180 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return async () => {
    if (exited) return;
    const done = new Promise<void>((r) => child.once("exit", () => r()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await done;
    clearTimeout(timer);
  };
}
