import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** scripts/check-shape.ts (run by `bun run lint`): each check passes on the repository and fires. */
const script = resolve(import.meta.dir, "../scripts/check-shape.ts");
const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

function check(root?: string) {
  const run = Bun.spawnSync(["bun", script, ...(root ? [root] : [])], {
    cwd: resolve(import.meta.dir, ".."),
  });
  return { code: run.exitCode, out: run.stdout.toString() };
}

/** A small repository: files by path, and the listed loop arrows (the files keep the layer rules). */
function tree(files: Record<string, string>, arrows: string[] = []) {
  const root = mkdtempSync(join(tmpdir(), "shape-"));
  trees.push(root);
  for (const [path, text] of Object.entries({
    ...files,
    "scripts/shape/feature-loops.json": JSON.stringify({ arrows }),
  })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

// Each feature reaches the other through its public surface, its index.ts.
const loop = {
  "src/features/clubs/service.ts": 'import { findUser } from "../users";\nexport const a = findUser;\n',
  "src/features/clubs/index.ts": 'export { a } from "./service";\n',
  "src/features/users/access.ts": 'import { a } from "../clubs";\nexport const findUser = a;\n',
  "src/features/users/index.ts": 'export { findUser } from "./access";\n',
};

describe("scripts/check-shape.ts", () => {
  test("the repository keeps its shape", () => {
    const result = check();
    expect(result.out).toContain("arrows in loops between features, all listed");
    expect(result.code).toBe(0);
  });

  test("a new loop between features fails, naming both arrows", () => {
    const result = check(tree(loop));
    expect(result.code).toBe(1);
    expect(result.out).toContain("an arrow that closes a loop between features: clubs → users");
    expect(result.out).toContain("an arrow that closes a loop between features: users → clubs");
  });

  test("listed arrows pass, and one no longer in a loop must leave the list", () => {
    expect(check(tree(loop, ["clubs → users", "users → clubs"])).code).toBe(0);
    const result = check(tree(loop, ["clubs → users", "users → clubs", "posts → clubs"]));
    expect(result.code).toBe(1);
    expect(result.out).toContain("lists an arrow no longer in a loop: posts → clubs");
  });

  test("an arrow one way only is no loop; a test importing both ways is not production", () => {
    const result = check(
      tree({
        "src/features/clubs/service.ts": 'import { findUser } from "../users";\nexport const a = findUser;\n',
        "src/features/clubs/index.ts": 'export { a } from "./service";\n',
        "src/features/users/access.ts": "export const findUser = 1;\n",
        "src/features/users/index.ts": 'export { findUser } from "./access";\n',
        "src/features/users/users.test.ts": 'import { a } from "../clubs";\nvoid a;\n',
      }),
    );
    expect(result.out).toContain("0 arrows in loops");
    expect(result.code).toBe(0);
  });

  test("production code importing a fixture or test/ fails", () => {
    const result = check(
      tree({
        "src/features/clubs/service.ts":
          'import { makeClub } from "./club.fixtures";\nexport const a = makeClub;\n',
        "src/features/clubs/club.fixtures.ts": "export const makeClub = 1;\n",
        "src/lib/clock.ts": 'import { harness } from "../../test/harness";\nexport const b = harness;\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain("src/features/clubs/service.ts: production code imports the test helper");
    expect(result.out).toContain("src/lib/clock.ts: production code imports the test helper test/harness");
  });

  test("a feature importing a module inside another feature, not its index.ts, fails", () => {
    const surface = {
      "src/features/clubs/access.ts": "export const canEdit = 1;\n",
      "src/features/clubs/club.fixtures.ts": "export const makeClub = 1;\n",
      "src/features/clubs/index.ts": 'export { canEdit } from "./access";\n',
      "src/features/posts/service.ts": 'import { canEdit } from "../clubs";\nexport const a = canEdit;\n',
      "src/features/posts/posts.test.ts":
        'import { canEdit } from "../clubs";\nimport { makeClub } from "../clubs/club.fixtures";\nvoid [canEdit, makeClub];\n',
    };
    expect(check(tree(surface)).code).toBe(0);
    const result = check(
      tree({
        ...surface,
        "src/features/posts/service.ts":
          'import { canEdit } from "../clubs/access";\nexport const a = canEdit;\n',
        "src/features/posts/held.ts": 'export { canEdit } from "../clubs/index";\n',
        "src/features/posts/feed.test.ts": 'import { canEdit } from "../clubs/access";\nvoid canEdit;\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      "src/features/posts/service.ts:1: A feature uses another only through its public surface, that feature's index.ts",
    );
    expect(result.out).toContain("(imports ../clubs/access)");
    expect(result.out).toContain("src/features/posts/held.ts:1:");
    expect(result.out).toContain("src/features/posts/feed.test.ts:1:");
    expect(result.out).not.toContain("posts.test.ts");
  });

  test("the composition root and src/ outside features import a feature's index.ts only", () => {
    const surface = {
      "src/features/clubs/routes.ts": "export const clubRoutes = 1;\n",
      "src/features/clubs/club.fixtures.ts": "export const makeClub = 1;\n",
      "src/features/clubs/index.ts": 'export { clubRoutes } from "./routes";\n',
      "src/app.ts": 'import { clubRoutes } from "./features/clubs";\nexport const app = clubRoutes;\n',
      "src/ssr/pages.ts":
        'import type { clubRoutes } from "../features/clubs";\nexport type P = typeof clubRoutes;\n',
      "src/plugins/hooks.test.ts":
        'import { clubRoutes } from "../features/clubs";\nimport { makeClub } from "../features/clubs/club.fixtures";\nvoid [clubRoutes, makeClub];\n',
    };
    expect(check(tree(surface)).code).toBe(0);
    const result = check(
      tree({
        ...surface,
        "src/app.ts":
          'import { clubRoutes } from "./features/clubs/routes";\nexport const app = clubRoutes;\n',
        "src/jobs.ts": 'export const load = () => import("./features/clubs/routes");\n',
        "src/ssr/pages.ts":
          'import type { clubRoutes } from "../features/clubs/routes";\nexport type P = typeof clubRoutes;\n',
        "src/plugins/hooks.test.ts":
          'import { clubRoutes } from "../features/clubs/routes";\nvoid clubRoutes;\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      "src/app.ts:1: Outside src/features (the composition root: app.ts, jobs.ts, server.ts, ssr/, …) a feature is used only through its index.ts",
    );
    expect(result.out).toContain("(imports ./features/clubs/routes)");
    expect(result.out).toContain("src/jobs.ts:1:");
    expect(result.out).toContain("src/ssr/pages.ts:1:");
    expect(result.out).toContain("src/plugins/hooks.test.ts:1:");
  });

  test("scripts/, test/ and e2e/ import a feature's index.ts or its fixtures only", () => {
    const surface = {
      "src/features/clubs/queries.ts": "export const topClubs = 1;\n",
      "src/features/clubs/club.fixtures.ts": "export const makeClub = 1;\n",
      "src/features/clubs/index.ts": 'export { topClubs } from "./queries";\n',
      "scripts/bench/clubs.ts": 'import { topClubs } from "../../src/features/clubs";\nvoid topClubs;\n',
      "test/harness.ts": 'import { makeClub } from "../src/features/clubs/club.fixtures";\nvoid makeClub;\n',
      "e2e/clubs.e2e.ts": 'import { makeClub } from "../src/features/clubs/club.fixtures";\nvoid makeClub;\n',
    };
    expect(check(tree(surface)).code).toBe(0);
    const result = check(
      tree({
        ...surface,
        "scripts/bench/clubs.ts":
          'import { topClubs } from "../../src/features/clubs/queries";\nvoid topClubs;\n',
        "test/harness.ts": 'import { topClubs } from "../src/features/clubs/queries";\nvoid topClubs;\n',
        "e2e/clubs.e2e.ts": 'import { topClubs } from "../src/features/clubs/queries";\nvoid topClubs;\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      "scripts/bench/clubs.ts:1: Tests outside src/features, scripts/ and e2e/ use a feature only through its index.ts or its *.fixtures.ts",
    );
    expect(result.out).toContain("(imports ../../src/features/clubs/queries)");
    expect(result.out).toContain("test/harness.ts:1:");
    expect(result.out).toContain("e2e/clubs.e2e.ts:1:");
  });

  test("a feature file with a vague or non-kebab name fails", () => {
    const result = check(
      tree({
        "src/features/clubs/utils.ts": "export const x = 1;\n",
        "src/features/clubs/index.ts": 'export { z } from "./member-count";\n',
        "src/features/clubs/parts/index.ts": "export const w = 1;\n",
        "src/features/clubs/clubHelpers.ts": "export const y = 1;\n",
        "src/features/clubs/member-count.ts": "export const z = 1;\n",
      }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain('src/features/clubs/utils.ts: name it for what it holds, not "utils"');
    expect(result.out).toContain("src/features/clubs/clubHelpers.ts: feature files are kebab-case");
    expect(result.out).not.toContain("member-count.ts");
    expect(result.out).not.toContain("src/features/clubs/index.ts");
    expect(result.out).toContain('src/features/clubs/parts/index.ts: name it for what it holds, not "index"');
  });
  test("raw postgres.js ($client) outside the hot statements fails; the waiting list only shrinks", () => {
    const hot = "export const count = (db: { $client: unknown }) => db.$client;\n";
    const result = check(
      tree({
        "src/lib/database/hot-statements.ts": hot,
        "src/features/chat/hot-queries.ts": hot,
        "src/features/clubs/queries.ts": "export const rows = (db: any) => db.$client`select 1`;\n",
        "src/features/chat/live-queries.ts": "export const rows = (db: any) => db.$client`select 1`;\n",
      }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain("src/features/clubs/queries.ts: raw postgres.js ($client) outside");
    expect(result.out).toContain("src/features/chat/live-queries.ts: raw postgres.js ($client) outside");
    expect(result.out).not.toContain("hot-statements.ts:");
    expect(result.out).not.toContain("hot-queries.ts:");
    const listed = tree({ "src/lib/database/hot-statements.ts": hot });
    writeFileSync(
      join(listed, "scripts/shape/raw-client-files.json"),
      JSON.stringify({ files: ["src/features/chat/queries.ts"] }),
    );
    const stale = check(listed);
    expect(stale.code).toBe(1);
    expect(stale.out).toContain("lists src/features/chat/queries.ts, which no longer uses $client");
  });

  test("production code reaching pg-boss through .boss fails; a test may", () => {
    const result = check(
      tree({
        "src/features/digest/digest-jobs.ts": "export const q = (jobs: any) => jobs.boss.insert('x', []);\n",
        "src/features/digest/digest.test.ts":
          "export const r = (jobs: any) => jobs.boss.getSchedules('x');\n",
      }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain("src/features/digest/digest-jobs.ts: production code reaches pg-boss");
    expect(result.out).not.toContain("digest.test.ts");
  });

  test("a deep import of Elysia (elysia/…) fails, in any file; the public entry passes", () => {
    const result = check(
      tree({
        "src/plugins/compression.ts":
          'import { Elysia } from "elysia";\nimport { mapResponse } from "elysia/adapter/bun/handler";\nexport const a = [Elysia, mapResponse];\n',
        "src/plugins/sync-hook.ts":
          'import type { HookContainer } from "elysia/types";\nexport type A = HookContainer;\n',
        "test/harness.ts": 'export const b = await import("elysia/universal");\n',
        "src/plugins/drain.ts": 'import { Elysia } from "elysia";\nexport const c = Elysia;\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      'src/plugins/compression.ts:2: Elysia through its public API only: import from "elysia", never a module inside it',
    );
    expect(result.out).toContain("(imports elysia/adapter/bun/handler)");
    expect(result.out).toContain("src/plugins/sync-hook.ts:1:");
    expect(result.out).toContain("test/harness.ts:1:");
    expect(result.out).not.toContain("src/plugins/drain.ts");
  });
});
