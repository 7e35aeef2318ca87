import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { layerRules } from "../scripts/shape/layer-rules";

/**
 * The layer rules live in scripts/shape/layer-rules.ts (checked by scripts/check-shape.ts, part of
 * `bun run lint`). This proves each rule fails on a violation, and that the allowed arrows stay
 * allowed: every case below is written into a scratch copy of the repo's layout, checked by the
 * repo's own script, and the problems are compared per file.
 */
const repo = resolve(import.meta.dir, "..");
const script = join(repo, "scripts/check-shape.ts");

type Case = { file: string; source: string; error: RegExp | null };

const body = (specifier: string) => `import { x } from "${specifier}";\nexport const y = x;\n`;
const icons = (clause: string, specifier = "lucide-react") =>
  `import ${clause} from "${specifier}";\nexport const icon = 1;\n`;

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
  {
    file: "src/platform/audit/bad-queries.ts",
    source: body("../../features/clubs/access"),
    error: /no feature/,
  },
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
  { file: "src/features/posts/sub/bad.ts", source: body("../../clubs/queries"), error: /another feature's/ },
  { file: "src/features/posts/sub/good.ts", source: body("../queries"), error: null },
  // a feature uses another only through its index.ts ("../clubs"); tests may also use its fixtures
  { file: "src/features/posts/good.ts", source: body("../clubs"), error: null },
  { file: "src/features/posts/bad-surface.ts", source: body("../clubs/access"), error: /public surface/ },
  { file: "src/features/posts/bad-index.ts", source: body("../clubs/index"), error: /public surface/ },
  { file: "src/features/posts/sub/bad-surface.ts", source: body("../../clubs/access"), error: /public/ },
  { file: "src/features/posts/good.fixtures.ts", source: body("../clubs/club.fixtures"), error: null },
  {
    file: "src/features/posts/bad-reach.test.ts",
    source: body("../clubs/service"),
    error: /Tests may also use its \*\.fixtures\.ts/,
  },
  { file: "src/features/posts/good2.ts", source: body("./queries"), error: null },
  // outside src/features (the composition root, ssr, tests elsewhere) a feature is used through its index.ts
  { file: "src/app-good.ts", source: body("./features/clubs"), error: null },
  { file: "src/app-bad2.ts", source: body("./features/clubs/routes"), error: /composition root/ },
  { file: "src/ssr/bad-surface.ts", source: body("../features/auth/page-session"), error: /composition/ },
  { file: "src/good-fixture.test.ts", source: body("./features/clubs/club.fixtures"), error: null },
  { file: "src/plugins/good.test.ts", source: body("../features/clubs"), error: null },
  {
    file: "src/platform/audit/bad-reach.test.ts",
    source: body("../../features/email-codes/reset-mail-jobs"),
    error: /Tests outside src\/features, scripts\/ and e2e\/ use a feature only through its index\.ts/,
  },
  {
    file: "scripts/bench/bad-reach.ts",
    source: body("../../src/features/clubs/queries"),
    error: /scripts\//,
  },
  { file: "scripts/seed/good.ts", source: body("../../src/features/uploads"), error: null },
  { file: "test/bad-reach.ts", source: body("../src/features/auth/session"), error: /e2e\// },
  { file: "test/good-fixture.ts", source: body("../src/features/clubs/club.fixtures"), error: null },
  { file: "e2e/bad-reach.e2e.ts", source: body("../src/features/check-ins/code"), error: /index\.ts/ },
  { file: "e2e/good.e2e.ts", source: body("../src/features/check-ins/code.fixtures"), error: null },
  // plugins only authenticate: they import no feature
  { file: "src/plugins/bad-feature.ts", source: body("../features/auth/session"), error: /Plugins/ },
  // src/lib imports nothing above it
  { file: "src/lib/bad-up.ts", source: body("../features/clubs/access"), error: /nothing above it/ },
  { file: "src/lib/bad-up2.ts", source: body("../server"), error: /nothing above it/ },
  { file: "src/lib/good-react.ts", source: body("react-dom/server"), error: null },
  // lucide icons are imported one by one in client/; the LucideIcon type may come from the barrel
  { file: "client/components/bad-icons.tsx", source: icons("{ Heart, X }"), error: /lucide-react\/icons/ },
  { file: "client/components/bad-icons2.tsx", source: icons("* as all"), error: /lucide-react\/icons/ },
  {
    file: "client/components/bad-icons3.tsx",
    source: icons("Default, { LucideIcon }"),
    error: /lucide-react\/icons/,
  },
  { file: "client/components/good-type.tsx", source: icons("type { LucideIcon }"), error: null },
  {
    file: "client/components/good-icon.tsx",
    source: icons("Heart", "lucide-react/icons/heart"),
    error: null,
  },
  // every kind of import counts: type-only, dynamic, require, re-export, side effect, multi-line
  {
    file: "src/features/clubs/bad-type.ts",
    source: 'import type { PgTable } from "drizzle-orm/pg-core";\nexport type T = PgTable;\n',
    error: /touch the database/,
  },
  {
    file: "src/features/clubs/bad-dynamic.ts",
    source: 'export const load = () => import("../../../db/schema");\n',
    error: /touch the database/,
  },
  {
    file: "src/features/clubs/bad-require.ts",
    source: 'export const sql = require("postgres");\n',
    error: /touch the database/,
  },
  {
    file: "src/features/posts/bad-reexport.ts",
    source: 'export { findClub } from "../clubs/queries";\n',
    error: /another feature's queries/,
  },
  { file: "client/lib/bad-side-effect.ts", source: 'import "../../src/lib/errors";\n', error: /API/ },
  {
    file: "src/plugins/bad-multiline.ts",
    source: 'import {\n  a,\n  type B,\n} from "../features/auth/session";\nexport const c = a;\n',
    error: /Plugins/,
  },
  // a specifier inside a comment, a string or a template is no import
  {
    file: "src/features/clubs/good-text.ts",
    source:
      '// import { x } from "drizzle-orm";\n/* import("postgres") */\nexport const a = \'from "drizzle-orm"\';\n' +
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template literal in the scratch file
      'export const b = `${a} import("../../../client/x")`;\nexport const c = /["\']/;\n',
    error: null,
  },
  // tests may set up rows with the database and other features' fixtures; src/lib tests keep
  // src/lib's rules
  { file: "src/features/posts/posts.test.ts", source: body("../clubs/club.fixtures"), error: null },
  { file: "src/features/posts/db.test.ts", source: body("drizzle-orm"), error: null },
  { file: "src/lib/bad-db.test.ts", source: body("drizzle-orm"), error: /touch the database/ },
  { file: "src/platform/audit/audit.fixtures.ts", source: body("../../../db/schema"), error: null },
  // Elysia through its public entry only, everywhere (tests and e2e too)
  { file: "src/plugins/bad-elysia.ts", source: body("elysia/adapter/bun/handler"), error: /public API only/ },
  { file: "src/plugins/bad-elysia-types.ts", source: body("elysia/types"), error: /public API only/ },
  { file: "test/bad-elysia.ts", source: body("elysia/universal"), error: /public API only/ },
  { file: "e2e/bad-elysia.e2e.ts", source: body("elysia/cookies"), error: /public API only/ },
  { file: "src/plugins/good-elysia.ts", source: body("elysia"), error: null },
];

let scratch: string;
let output: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "clubnica-import-rules-"));
  for (const c of cases) {
    mkdirSync(dirname(join(scratch, c.file)), { recursive: true });
    writeFileSync(join(scratch, c.file), c.source);
  }
  const run = Bun.spawnSync(["bun", script, scratch], { cwd: repo, stdout: "pipe", stderr: "pipe" });
  output = run.stdout.toString() + run.stderr.toString();
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The problems the script printed for one file (each line starts with `path:line:`). */
function problemsFor(file: string): string {
  return output
    .split("\n")
    .filter((line) => line.startsWith(`${file}:`))
    .join("\n");
}

describe("import rules in scripts/shape/layer-rules.ts", () => {
  for (const c of cases) {
    test(`${c.file} → ${c.source.split('"')[1]} is ${c.error ? "refused" : "allowed"}`, () => {
      const found = problemsFor(c.file);
      if (c.error) expect(found).toMatch(c.error);
      else expect(found).toBe("");
    });
  }

  test("every rule in the table is proven by a refused case", () => {
    for (const rule of layerRules) {
      const proven = cases.some((c) => c.error && problemsFor(c.file).includes(rule.message));
      expect({ rule: rule.message, proven }).toEqual({ rule: rule.message, proven: true });
    }
  });
});
