import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export type StackState = {
  baseURL: string;
  databaseUrl: string;
  mailURL: string;
  /** The app's JWT_SECRET: seeded accounts get their token signed with it (fixtures.ts). */
  jwtSecret: string;
  /** The app's process, for the CPU profile (E2E_PROFILE, cpu-profile.ts). */
  appPid: number;
};

/**
 * One file per run (E2E_RUN_ID, set by playwright.config.ts): two runs side by side in one
 * working tree must each find their own stack, never the other's port.
 */
export const STATE_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  `../.state/stack-${process.env.E2E_RUN_ID ?? "default"}.json`,
);

let cached: StackState | null = null;

/** Where the running stack is (written by e2e/support/stack.ts). */
export function stackState(): StackState {
  cached ??= JSON.parse(readFileSync(STATE_FILE, "utf8")) as StackState;
  return cached;
}
