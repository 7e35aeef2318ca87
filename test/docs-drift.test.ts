import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { docFiles, missingPaths, namedPaths } from "../scripts/check-docs";
import { RATE_LIMIT_DEFAULTS } from "../src/rate-limit-defaults";
import { setupTestApp, type TestApp } from "./harness";

/**
 * README.md and docs/*.md cannot drift from the code: every repository path they name exists,
 * the README's configuration table and src/config.ts name the same variables, and every API
 * call they name (`GET /api/…`) is one the app serves.
 */
setDefaultTimeout(60_000);
const root = resolve(import.meta.dir, "..");
const docs = docFiles(root);
const read = (file: string) => readFileSync(join(root, file), "utf8");

describe("docs name only what exists (scripts/check-docs.ts, also in bun run lint)", () => {
  test("every repository path named in README.md and docs/*.md exists", () => {
    expect(missingPaths(root)).toEqual([]);
  });

  test("a doc naming a missing path fails lint", () => {
    expect(namedPaths("see `src/features/clubs/nowhere.ts:12` and [x](e2e/community.e2e.ts)")).toEqual([
      "src/features/clubs/nowhere.ts",
      "e2e/community.e2e.ts",
    ]);
    const tree = mkdtempSync(join(tmpdir(), "docs-"));
    try {
      mkdirSync(join(tree, "docs"));
      writeFileSync(join(tree, "README.md"), "Tests: `e2e/community.e2e.ts`, `package.json`.\n");
      writeFileSync(join(tree, "docs/web-app.md"), "The chat is `client/routes/chat/route.ts`.\n");
      writeFileSync(join(tree, "package.json"), "{}");
      const run = Bun.spawnSync(["bun", join(root, "scripts/check-docs.ts"), tree]);
      expect(run.exitCode).toBe(1);
      expect(run.stdout.toString()).toBe(
        "README.md: names e2e/community.e2e.ts, which does not exist\n" +
          "docs/web-app.md: names client/routes/chat/route.ts, which does not exist\n",
      );
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});

/** Variables in the first cell of the rows of README's "## Configuration" table. */
function readmeConfigVariables(): Set<string> {
  const readme = read("README.md");
  const section = readme.slice(readme.indexOf("## Configuration"));
  const table = section.slice(0, section.indexOf("\n## ", 5));
  const names = [...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) =>
    [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!),
  );
  return new Set(names);
}

/** The variables src/config.ts parses: its schema's keys and the rate limits it spreads in. */
function configVariables(): Set<string> {
  const text = read("src/config.ts");
  const keys = [...text.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
  return new Set([...keys, ...Object.keys(RATE_LIMIT_DEFAULTS)]);
}

/**
 * Read before the configuration exists (the process entry sets the heap and picks the code to
 * run first, src/main.ts), so not by config.ts: each with the file that reads it.
 */
const READ_BEFORE_CONFIG: Record<string, string> = {
  HEAP_BUDGET_MB: "src/lib/runtime/collector-options.ts",
  SERVER_CODE: "src/lib/runtime/server-bundle.ts",
};

describe("README's configuration table and src/config.ts agree", () => {
  test("every variable in the table is read by src/config.ts (or, listed here, by the process entry)", () => {
    const config = configVariables();
    const unread = [...readmeConfigVariables()].filter(
      (name) => !config.has(name) && !read(READ_BEFORE_CONFIG[name] ?? "src/config.ts").includes(name),
    );
    expect(unread).toEqual([]);
  });

  test("every variable src/config.ts reads has a row in the table", () => {
    const table = readmeConfigVariables();
    expect([...configVariables()].filter((name) => !table.has(name))).toEqual([]);
  });
});

/** `GET /api/…` as prose names it, and `| GET | \`/api/…\`` as a table row does. */
export function namedCalls(text: string): string[] {
  const inline = [...text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/api\/[^\s`|),]*)/g)];
  const rows = [...text.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| `(\/api\/[^`]*)`/gm)];
  return [...inline, ...rows].map((m) => `${m[1]} ${m[2]!.replace(/\?.*$/, "").replace(/[.:]$/, "")}`);
}

/** One segment of a path template: `{id}` and `:id` are any value. */
const matches = (template: string, named: string) => {
  const a = template.split("/");
  const b = named.split("/");
  return (
    a.length === b.length &&
    a.every((part, i) => part === b[i] || /^[{:]/.test(part) || /^[{:<]|^\d+$/.test(b[i]!))
  );
};

describe("docs name only calls the app serves", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp();
  });
  afterAll(() => t.close());

  test("every `METHOD /api/…` in README.md and docs/*.md is in the API document or the app's routes", async () => {
    const doc = (await t.request("GET", "/docs/json")).body as { paths: Record<string, object> };
    const served = [
      ...Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      ),
      ...t.app.routes.map((route: { method: string; path: string }) => `${route.method} ${route.path}`),
    ];
    const unserved = docs.flatMap((file) =>
      namedCalls(read(file))
        .filter((call) => {
          const [method, path] = call.split(" ");
          return !served.some((s) => {
            const [m, p] = s.split(" ");
            return (m === method || m === "ALL" || m === "WS") && matches(p!, path!);
          });
        })
        .map((call) => `${file}: ${call}`),
    );
    expect([...new Set(unserved)]).toEqual([]);
  });

  test("a call the app does not serve is caught (the check fires)", () => {
    expect(namedCalls("Use `GET /api/nowhere/{id}` or POST /api/clubs.")).toEqual([
      "GET /api/nowhere/{id}",
      "POST /api/clubs",
    ]);
    expect(matches("/api/clubs/:id", "/api/clubs/{id}")).toBe(true);
    expect(matches("/api/clubs/:id", "/api/nowhere/{id}")).toBe(false);
  });
});
