/**
 * `bun scripts/check-docs.ts [root]` (part of `bun run lint`): every repository path that
 * README.md and docs/*.md name exists. test/docs-drift.test.ts also checks the configuration
 * table and the API calls the docs name, which need the app.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** Top folders of the repository: a backticked token starting with one of them is a path. */
const TOP = /^(src|client|common|db|e2e|scripts|test|docs|k8s|patches|schemas)\//;
/** Made by builds and runs, ignored by git: named in the docs, absent from a fresh clone. */
const GENERATED = /^(dist|test-results|playwright-report|e2e\/screenshots|e2e\/\.state|data|backups)(\/|$)/;

/**
 * The paths a document names: backticked tokens and relative links, without line numbers. Bare
 * names count only when a file of that name sits at the root (`package.json`); others
 * (`queries.ts`) are relative to the prose around them.
 */
export function namedPaths(text: string, rootFiles: Set<string> = new Set()): string[] {
  const tokens = [
    ...[...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!),
    ...[...text.matchAll(/\]\((?!https?:|#|mailto:)([^)\s#]+)/g)].map((m) => m[1]!),
  ];
  return tokens
    .map((token) =>
      token
        .replace(/^\.\//, "")
        .replace(/:\d+(-\d+)?$/, "")
        .replace(/[.,;]$/, ""),
    )
    .filter((token) => TOP.test(token) || rootFiles.has(token))
    .filter((token) => !GENERATED.test(token) && !/[*{}<>$]|\.\.\./.test(token));
}

/** README.md and docs/*.md, relative to `root`. */
export function docFiles(root: string): string[] {
  const docs = existsSync(join(root, "docs")) ? readdirSync(join(root, "docs")) : [];
  return ["README.md", ...docs.filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)].filter(
    (file) => existsSync(join(root, file)),
  );
}

/** "doc: path" for each named path that does not exist (links in docs/ may be relative to it). */
export function missingPaths(root: string): string[] {
  const rootFiles = new Set(readdirSync(root).filter((name) => name.includes(".") || name === "Dockerfile"));
  return docFiles(root).flatMap((doc) =>
    namedPaths(readFileSync(join(root, doc), "utf8"), rootFiles)
      .filter((path) => !existsSync(join(root, path)) && !existsSync(join(root, "docs", path)))
      .map((path) => `${doc}: names ${path}, which does not exist`),
  );
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? ".");
  const missing = missingPaths(root);
  for (const line of missing) console.log(line);
  if (missing.length > 0) process.exit(1);
  console.log(`docs: every path named in ${docFiles(root).length} documents exists`);
}
