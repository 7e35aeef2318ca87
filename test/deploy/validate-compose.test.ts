import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkCompose, interpolatedNames } from "../../scripts/compose/check";
import { repoRoot } from "../app-process";

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A copy of what the check reads, so it can be broken on purpose. */
function copyRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), "clubnica-compose-"));
  copies.push(dir);
  for (const path of ["compose.yaml", ".env.example", ".gitignore", "schemas", "k8s"]) {
    cpSync(join(repoRoot, path), join(dir, path), { recursive: true });
  }
  return dir;
}

/** Compose interpolation, `${NAME…}`, spelt without tripping the template-string lint. */
const v = (inner: string) => `$\{${inner}}`;

function edit(file: string, from: string, to: string) {
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  writeFileSync(file, text.replace(from, to));
}

describe("scripts/validate-compose.ts", () => {
  test("the committed compose.yaml passes the Compose Specification and the one-server rules", () => {
    expect(checkCompose(repoRoot)).toEqual([]);
  });

  test("a misspelt key, a wrong type, a literal secret, an undocumented variable and a drifted backup all fail", () => {
    const dir = copyRepo();
    const file = join(dir, "compose.yaml");
    edit(file, "    stop_grace_period: 60s", "    stop_grace_perod: 60s");
    edit(file, "      retries: 10", "      retries: [10]");
    edit(
      file,
      `      JWT_SECRET: ${v("JWT_SECRET:?set JWT_SECRET in .env")}`,
      "      JWT_SECRET: hunter2-hunter2",
    );
    edit(file, '    restart: "no"', `    restart: "no"\n    entrypoint: ["${v("BACKUP_SHELL:-sh")}"]`);
    edit(file, "keeping $$keep days", "keeping $$keep day(s)");
    const problems = checkCompose(dir).join("\n");
    expect(problems).toContain('{"additionalProperty":"stop_grace_perod"}');
    expect(problems).toContain("compose.yaml/services/db/healthcheck/retries must be number,string");
    expect(problems).toContain("service app: JWT_SECRET must come from .env, not the file");
    expect(problems).toContain(".env.example lacks BACKUP_SHELL");
    expect(problems).toContain("service backup must run the same command as the CronJob clubnica-backup");
  });

  test("interpolation names are read from NAME, NAME:-x and NAME:?x, not from escaped $$", () => {
    const text = `a: ${v("A")}\nb: ${v("B:-1")}\nc: ${v("C:?set C")}\nd: $${v("D")}`;
    expect(interpolatedNames(text)).toEqual(["A", "B", "C"]);
  });
});
