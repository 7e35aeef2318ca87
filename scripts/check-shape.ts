/**
 * `bun scripts/check-shape.ts [root]` (part of `bun run lint`): the checks that keep the house's
 * shape, which Biome's rules cannot express.
 *
 * - **Import arrows between layers.** Each rule written once in `scripts/shape/layer-rules.ts`
 *   (database access only from queries files, `client/` only from `src/ssr/`, no feature's
 *   queries from another feature, no module inside a package that has a public entry, such as
 *   `elysia/adapter/…`, …), checked by `scripts/shape/layers.ts` on every import.
 * - **No new loop between features.** Production files of `src/features/<a>` importing
 *   `src/features/<b>` make an arrow a → b; features reaching each other form a loop. The arrows
 *   inside loops today are listed in `scripts/shape/feature-loops.json`; an arrow that closes a
 *   loop and is not listed fails, and so does a listed arrow no longer in a loop (the list may
 *   only shrink).
 * - **Fixtures stay in tests.** No production file (outside `*.test.ts`, `*.fixtures.ts`,
 *   `test/`, `e2e/`, `scripts/`) imports a `*.fixtures` module or anything under `test/`.
 * - **One way to the database.** Raw postgres.js (`$client`) only in the hot statements, each
 *   file saying why with a benchmark's figure (`src/features/chat/hot-queries.ts`, the chat's
 *   polls; `src/lib/database/hot-statements.ts`, the badge), and the connection's own plumbing
 *   (`client.ts`, the change bus's LISTEN); files still waiting to move would be listed in
 *   `scripts/shape/raw-client-files.json` (none today; the list may only shrink).
 * - **No escape hatch to pg-boss.** Production code uses the JobQueue's methods, never `.boss`.
 * - **Feature files named for what they hold.** kebab-case `.ts`/`.tsx`, and none of the names
 *   that say nothing (`utils`, `helpers`, `misc`, `common`, `stuff`, `index`, `lib`, `types`),
 *   except a feature's own `index.ts` beside its routes: its public surface, the one module
 *   other features may import (a layer rule in `scripts/shape/layer-rules.ts`).
 *
 * Exits 1 with one line per problem.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { findLayerProblems } from "./shape/layers";

const root = resolve(process.argv[2] ?? ".");
const exceptionsFile = join(root, "scripts/shape/feature-loops.json");
const rawClientFile = join(root, "scripts/shape/raw-client-files.json");
const RAW_CLIENT_HOMES = [
  "src/features/chat/hot-queries.ts",
  "src/lib/database/hot-statements.ts",
  "src/lib/database/client.ts",
  "src/lib/database/change-bus.ts",
];
const VAGUE = new Set(["utils", "helpers", "misc", "common", "stuff", "index", "lib", "types"]);
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.(test|fixtures))?\.tsx?$/;

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const isTestOnly = (file: string) => {
  const rel = relative(root, file);
  return (
    /\.(test|fixtures)\.tsx?$/.test(file) ||
    rel.startsWith("test/") ||
    rel.startsWith("e2e/") ||
    rel.startsWith("scripts/")
  );
};

/** The relative imports of a file (static, dynamic and re-exports), resolved to paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g)].map(
    (match) => match[1]!,
  );
  return specs.map((spec) => resolve(dirname(file), spec));
}

// Import arrows between layers.
const layers = await findLayerProblems(root);
const problems: string[] = [...layers.problems];
const featuresDir = join(root, "src/features");
const production = ["src", "common", "client"]
  .flatMap((dir) => walk(join(root, dir)))
  .filter((f) => !isTestOnly(f));

// Fixtures stay in tests.
for (const file of production) {
  for (const target of importsOf(file)) {
    const rel = relative(root, target);
    if (/\.fixtures(\.tsx?)?$/.test(rel) || rel.startsWith("test/")) {
      problems.push(`${relative(root, file)}: production code imports the test helper ${rel}`);
    }
  }
}

// One way to the database; no escape hatch to pg-boss.
const rawClientWaiting: string[] = existsSync(rawClientFile)
  ? JSON.parse(readFileSync(rawClientFile, "utf8")).files
  : [];
const rawClientSeen = new Set<string>();
for (const file of ["src", "common", "client", "db", "scripts", "test", "e2e"].flatMap((dir) =>
  walk(join(root, dir)),
)) {
  const rel = relative(root, file);
  // The checks themselves name what they look for.
  if (rel === "scripts/check-shape.ts" || rel === "test/check-shape.test.ts") continue;
  const text = readFileSync(file, "utf8");
  if (/\$client\b/.test(text) && !RAW_CLIENT_HOMES.includes(rel)) {
    if (rawClientWaiting.includes(rel)) rawClientSeen.add(rel);
    else
      problems.push(
        `${rel}: raw postgres.js ($client) outside the hot statements (src/features/chat/hot-queries.ts, src/lib/database/hot-statements.ts): use drizzle's builder or db.execute(sql…) with the schema's tables`,
      );
  }
  if (!isTestOnly(file) && rel !== "src/lib/jobs/queue.ts" && /\.boss\b/.test(text))
    problems.push(
      `${rel}: production code reaches pg-boss through .boss (give JobQueue the method it needs)`,
    );
}
for (const rel of rawClientWaiting) {
  if (!rawClientSeen.has(rel))
    problems.push(
      `scripts/shape/raw-client-files.json lists ${rel}, which no longer uses $client (remove it: the list only shrinks)`,
    );
}

// Feature files named for what they hold.
for (const file of walk(featuresDir)) {
  const name = file.slice(file.lastIndexOf("/") + 1);
  const stem = name.replace(/(\.(test|fixtures))?\.tsx?$/, "");
  if (!KEBAB.test(name)) problems.push(`${relative(root, file)}: feature files are kebab-case .ts names`);
  else if (VAGUE.has(stem) && !/^[^/]+\/index\.ts$/.test(relative(featuresDir, file)))
    problems.push(`${relative(root, file)}: name it for what it holds, not "${stem}"`);
}

// No new loop between features.
const featureOf = (file: string) => {
  const rel = relative(featuresDir, file);
  return rel.startsWith("..") ? null : rel.split("/")[0]!;
};
const arrows = new Map<string, Set<string>>();
for (const file of production) {
  const from = featureOf(file);
  if (!from) continue;
  for (const target of importsOf(file)) {
    const to = featureOf(target);
    if (to && to !== from) arrows.set(from, (arrows.get(from) ?? new Set()).add(to));
  }
}
// The arrows inside a loop (both ends in one strongly connected set): each must be listed.
const components = stronglyConnected(arrows).filter((set) => set.length > 1);
const loopArrows = components.flatMap((set) =>
  set.flatMap((from) =>
    [...(arrows.get(from) ?? [])].filter((to) => set.includes(to)).map((to) => `${from} → ${to}`),
  ),
);
const allowed: string[] = existsSync(exceptionsFile)
  ? JSON.parse(readFileSync(exceptionsFile, "utf8")).arrows
  : [];
for (const arrow of loopArrows.sort()) {
  if (!allowed.includes(arrow))
    problems.push(
      `an arrow that closes a loop between features: ${arrow} (depend the other way, or move the shared part down)`,
    );
}
for (const arrow of allowed) {
  if (!loopArrows.includes(arrow))
    problems.push(
      `scripts/shape/feature-loops.json lists an arrow no longer in a loop: ${arrow} (remove it: the list only shrinks)`,
    );
}

/** Tarjan's strongly connected components of the feature graph. */
function stronglyConnected(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const set: string[] = [];
      for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
        onStack.delete(w);
        set.push(w);
        if (w === v) break;
      }
      out.push(set);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

if (problems.length > 0) {
  for (const problem of problems) console.log(problem);
  process.exit(1);
}
console.log(
  `shape: ${layers.files} files keep the layer rules; ${production.length} production files; ${loopArrows.length} arrows in loops between features, all listed`,
);
