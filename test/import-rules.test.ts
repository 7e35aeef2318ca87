import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/**
 * The layer rules live in biome.json (noRestrictedImports per folder). This proves each rule
 * fails on a violation, and that the allowed arrows stay allowed: every case below is written
 * into a scratch copy of the repo's layout, linted with the repo's own Biome config, and the
 * diagnostics are compared per file.
 */
const repo = resolve(import.meta.dir, "..");
const biome = join(repo, "node_modules/.bin/biome");

type Case = { file: string; source: string; error: RegExp | null };

const body = (specifier: string) => `import { x } from "${specifier}";\nexport const y = x;\n`;

const cases: Case[] = [
  // common/ imports neither src/ nor client/
  { file: "common/bad-src.ts", source: body("../src/lib/errors"), error: /common\/ is shared/ },
  { file: "common/messages/en/bad-client.ts", source: body("../../../client/lib/api"), error: /common\// },
  { file: "common/good.ts", source: body("./links"), error: null },
  // client/ never imports src/
  { file: "client/lib/bad.ts", source: body("../../src/lib/errors"), error: /through the API/ },
  { file: "client/routes/x/bad.ts", source: body("../../../src/features/clubs/service"), error: /API/ },
  { file: "client/lib/bad-db.ts", source: body("drizzle-orm"), error: /touch the database/ },
  { file: "client/lib/good.ts", source: body("../../common/messages"), error: null },
  // src/ imports client/ only in src/ssr/
  { file: "src/features/clubs/bad.ts", source: body("../../../client/lib/api"), error: /only in src\/ssr/ },
  { file: "src/lib/bad.ts", source: body("../../client/lib/api"), error: /only in src\/ssr/ },
  { file: "src/plugins/bad.ts", source: body("../../client/router"), error: /only in src\/ssr/ },
  { file: "src/app-bad.ts", source: body("../client/router"), error: /only in src\/ssr/ },
  { file: "src/features/clubs/bad-queries.ts", source: body("../../../client/x"), error: /only in src\/ssr/ },
  {
    file: "src/features/clubs/bad.test.ts",
    source: body("../../../client/lib/api"),
    error: /only in src\/ssr/,
  },
  { file: "src/ssr/good.ts", source: body("../../client/router"), error: null },
  // src/platform (infrastructure) imports no feature; its queries files touch the database.
  {
    file: "src/platform/audit/bad.ts",
    source: body("../../features/clubs/access"),
    error: /imports no feature/,
  },
  { file: "src/platform/audit/queries.ts", source: body("../../../db/schema"), error: null },
  { file: "src/platform/audit/bad-db.ts", source: body("drizzle-orm"), error: /touch the database/ },
  {
    file: "src/features/clubs/good-platform.ts",
    source: body("../../platform/rate-limits/actions"),
    error: null,
  },
  // The patterns match a folder reached through "..", at any depth, not a module of that name.
  { file: "src/features/clubs/good-db-client.ts", source: body("../../lib/database/client"), error: null },
  { file: "common/api/bad-db.ts", source: body("../../db/schema"), error: /common\// },
  // only queries files (and src/lib/database, db/) touch the database
  { file: "src/features/clubs/service-bad.ts", source: body("drizzle-orm"), error: /touch the database/ },
  {
    file: "src/features/clubs/schema-bad.ts",
    source: body("../../../db/schema"),
    error: /touch the database/,
  },
  { file: "src/plugins/bad-db.ts", source: body("postgres"), error: /touch the database/ },
  { file: "src/lib/bad-db.ts", source: body("drizzle-orm"), error: /touch the database/ },
  { file: "src/features/clubs/good-queries.ts", source: body("drizzle-orm"), error: null },
  { file: "src/features/clubs/queries.ts", source: body("../../../db/schema"), error: null },
  { file: "src/lib/database/good.ts", source: body("drizzle-orm"), error: null },
  // a feature never imports another feature's queries
  { file: "src/features/posts/bad.ts", source: body("../clubs/queries"), error: /another feature's queries/ },
  { file: "src/features/posts/bad2.ts", source: body("../auth/session-queries"), error: /another/ },
  { file: "src/features/posts/queries.ts", source: body("../clubs/queries"), error: /another feature's/ },
  { file: "src/ssr/bad.ts", source: body("../features/clubs/queries"), error: /another feature's/ },
  { file: "src/features/posts/good.ts", source: body("../clubs/access"), error: null },
  { file: "src/features/posts/good2.ts", source: body("./queries"), error: null },
  // plugins only authenticate: they import no feature
  { file: "src/plugins/bad-feature.ts", source: body("../features/auth/session"), error: /Plugins/ },
  // src/lib imports nothing above it
  { file: "src/lib/bad-up.ts", source: body("../features/clubs/access"), error: /nothing above it/ },
];

let scratch: string;
let output: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "clubnica-import-rules-"));
  const config = JSON.parse(readFileSync(join(repo, "biome.json"), "utf8"));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(scratch, "biome.json"), JSON.stringify(config));
  for (const c of cases) {
    mkdirSync(dirname(join(scratch, c.file)), { recursive: true });
    writeFileSync(join(scratch, c.file), c.source);
  }
  const run = Bun.spawnSync([biome, "lint", "--max-diagnostics=none", "--colors=off", "."], {
    cwd: scratch,
    stdout: "pipe",
    stderr: "pipe",
  });
  output = run.stdout.toString() + run.stderr.toString();
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The diagnostics Biome printed for one file (each starts with `path:line:col rule`). */
function diagnosticsFor(file: string): string {
  const blocks = output.split(/\n(?=\S+:\d+:\d+ lint\/)/);
  return blocks.filter((b) => b.startsWith(`${file}:`)).join("\n");
}

describe("import rules in biome.json", () => {
  for (const c of cases) {
    test(`${c.file} → ${c.source.split('"')[1]} is ${c.error ? "refused" : "allowed"}`, () => {
      const found = diagnosticsFor(c.file);
      if (c.error) {
        expect(found).toContain("lint/style/noRestrictedImports");
        expect(found).toMatch(c.error);
      } else {
        expect(found).not.toContain("noRestrictedImports");
      }
    });
  }
});
