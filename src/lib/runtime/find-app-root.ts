import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The checkout's root (where package.json is), found by walking up from this module: the same
 * code runs from src/ and bundled into dist/server/ (scripts/build-server.ts), so a fixed number
 * of `../` would point somewhere else in one of the two.
 */
export function findAppRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
