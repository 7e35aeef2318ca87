import { afterAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/**
 * knip (run by `bun run lint` with the repository's knip.jsonc): an export that nothing imports
 * fails lint. Checked on a small tree laid out like the repository, so the test never edits the
 * working tree.
 */
const repo = resolve(import.meta.dir, "..");
const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

function knip(files: Record<string, string>, command?: string[]) {
  const root = mkdtempSync(join(tmpdir(), "knip-"));
  trees.push(root);
  copyFileSync(join(repo, "knip.jsonc"), join(root, "knip.jsonc"));
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "probe", type: "module", private: true }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = Bun.spawnSync(command ?? [join(repo, "node_modules/.bin/knip"), "--no-config-hints"], {
    cwd: root,
  });
  return { code: run.exitCode, out: run.stdout.toString() };
}

const entry = { "client/entry-client.tsx": 'import { shown } from "./lib/probe";\nconsole.log(shown);\n' };

describe("knip in bun run lint", () => {
  test("a tree whose exports are all imported passes", () => {
    const result = knip({ ...entry, "client/lib/probe.ts": "export const shown = 1;\n" });
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  }, 60_000);

  test("an added unused export fails, naming it", () => {
    const result = knip({
      ...entry,
      "client/lib/probe.ts": "export const shown = 1;\nexport const forgotten = 2;\n",
    });
    expect(result.code).toBe(1);
    expect(result.out).toContain("forgotten");
    expect(result.out).toContain("client/lib/probe.ts");
  }, 60_000);

  test("an added file that nothing imports fails", () => {
    const result = knip({
      ...entry,
      "client/lib/probe.ts": "export const shown = 1;\n",
      "client/lib/orphan.ts": "export const alone = 1;\n",
    });
    expect(result.code).toBe(1);
    expect(result.out).toContain("client/lib/orphan.ts");
  }, 60_000);

  const testOnly = (root: string) => ["bun", join(repo, "scripts/check-test-only.ts"), root];

  test("an export only a test uses fails scripts/check-test-only.ts; from a *.fixtures.ts it passes", () => {
    const probe = "export const shown = 1;\nexport const onlyForTests = 2;\n";
    const failing = knip(
      {
        ...entry,
        "client/lib/probe.ts": probe,
        "client/lib/probe.test.ts": 'import { onlyForTests } from "./probe";\nconsole.log(onlyForTests);\n',
      },
      ["sh", "-c", `${testOnly(".").join(" ")}`],
    );
    expect(failing.code).toBe(1);
    expect(failing.out).toContain("client/lib/probe.ts: onlyForTests: exported for tests only");
    const passing = knip(
      {
        ...entry,
        "client/lib/probe.ts": "export const shown = 1;\n",
        "client/lib/probe.fixtures.ts": "export const onlyForTests = 2;\n",
        "client/lib/probe.test.ts":
          'import { onlyForTests } from "./probe.fixtures";\nconsole.log(onlyForTests);\n',
      },
      ["sh", "-c", `${testOnly(".").join(" ")}`],
    );
    expect(passing.out).toContain("test-only exports: 0, all listed");
    expect(passing.code).toBe(0);
  }, 120_000);
});
