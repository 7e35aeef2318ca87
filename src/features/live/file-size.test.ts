import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The house rule (../shared/conventions.md: files small, split past about 250 lines) held in
 * this folder, where the hub had grown to 302 lines: its client frames (auth, subscribe,
 * unsubscribe, typing) now live in client-frames.ts, the hub keeps the registry's wiring.
 */
const LIMIT = 300;

test(`every file of the live feature stays under ${LIMIT} lines`, () => {
  const long = readdirSync(import.meta.dir)
    .filter((name) => name.endsWith(".ts"))
    .map((name) => ({
      name,
      lines: readFileSync(join(import.meta.dir, name), "utf8").split("\n").length - 1,
    }))
    .filter(({ lines }) => lines >= LIMIT);
  expect(long).toEqual([]);
});
