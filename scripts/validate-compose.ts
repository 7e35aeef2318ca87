/**
 * `bun scripts/validate-compose.ts [dir]` (run by .ci/run): compose.yaml against the vendored
 * Compose Specification schema, offline, plus the one-server rules (scripts/compose/check.ts).
 */
import { resolve } from "node:path";
import { checkCompose } from "./compose/check";

const root = resolve(process.argv[2] ?? resolve(import.meta.dir, ".."));
const problems = checkCompose(root);
if (problems.length) {
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  console.error(`${problems.length} problem(s) in compose.yaml`);
  process.exit(1);
}
console.log(
  "compose.yaml: valid against schemas/compose-spec.json; healthchecks, restarts, secrets from .env: OK",
);
