import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { RATE_LIMIT_DEFAULTS } from "../../rate-limit-defaults";

/**
 * Every per-address limit has a socket-level case in a per-address*.test.ts file (marked
 * `covered.add("RATE_…")`): a new `*_PER_ADDRESS` setting without one fails here.
 */
test("every per-address limit has a socket-level case", () => {
  const dir = import.meta.dir;
  const sources = readdirSync(dir)
    .filter((name) => /^per-address.*\.test\.ts$/.test(name))
    .map((name) => readFileSync(`${dir}/${name}`, "utf8"));
  const covered = new Set(
    sources.flatMap((text) => [...text.matchAll(/covered\.add\("(\w+)"\)/g)].map((m) => m[1])),
  );
  const perAddress = Object.keys(RATE_LIMIT_DEFAULTS).filter(
    (name) => name.includes("_PER_") && name.includes("ADDRESS"),
  );
  expect(perAddress.length).toBeGreaterThan(5);
  expect(perAddress.filter((name) => !covered.has(name))).toEqual([]);
});
