/**
 * `bun scripts/check-test-only.ts [root]` (part of `bun run lint`): no production module exports
 * something only tests use. knip in production mode (knip.jsonc's "!" entries, tests left out)
 * reports such exports and files; test-only helpers belong in `*.fixtures.ts`. The ones found
 * when this check came are listed in scripts/shape/test-only-exports.json: a new one fails, and
 * a listed one that production code now uses (or that is gone) must leave the list.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(process.argv[2] ?? ".");
const knip = join(import.meta.dir, "../node_modules/.bin/knip");
const run = Bun.spawnSync([knip, "--production", "--reporter", "json", "--no-config-hints"], { cwd: root });
const text = run.stdout.toString();
if (!text.trim().startsWith("{")) {
  console.log(`knip --production did not answer: ${run.stderr.toString().slice(0, 2000)}`);
  process.exit(1);
}
type Issue = { file: string } & Record<string, { name: string }[] | string>;
const found = new Set<string>();
for (const issue of (JSON.parse(text) as { issues: Issue[] }).issues) {
  for (const [kind, list] of Object.entries(issue)) {
    if (kind === "file" || !Array.isArray(list)) continue;
    for (const entry of list) found.add(kind === "files" ? issue.file : `${issue.file}: ${entry.name}`);
  }
}
const listFile = join(root, "scripts/shape/test-only-exports.json");
const listed: string[] = existsSync(listFile) ? JSON.parse(readFileSync(listFile, "utf8")).exports : [];
const problems = [
  ...[...found]
    .filter((item) => !listed.includes(item))
    .map(
      (item) => `${item}: exported for tests only (move it to a *.fixtures.ts, or test through what uses it)`,
    ),
  ...listed
    .filter((item) => !found.has(item))
    .map(
      (item) =>
        `scripts/shape/test-only-exports.json lists ${item}, no longer test-only (remove it: the list only shrinks)`,
    ),
];
if (problems.length > 0) {
  for (const problem of problems) console.log(problem);
  process.exit(1);
}
console.log(`test-only exports: ${found.size}, all listed`);
