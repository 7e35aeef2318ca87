import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export type StackState = { baseURL: string; databaseUrl: string; mailURL: string };

export const STATE_FILE = join(dirname(fileURLToPath(import.meta.url)), "../.state/stack.json");

let cached: StackState | null = null;

/** Where the running stack is (written by e2e/support/stack.ts). */
export function stackState(): StackState {
  cached ??= JSON.parse(readFileSync(STATE_FILE, "utf8")) as StackState;
  return cached;
}
