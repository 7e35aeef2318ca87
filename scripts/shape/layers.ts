/**
 * The import arrows between layers (scripts/shape/layer-rules.ts), checked on every import,
 * dynamic import, require and re-export of each .ts/.tsx file under src/, client/, common/, db/,
 * scripts/, test/ and e2e/. Relative specifiers are resolved to repo paths; bare ones are package names.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type LayerRule, layerRules } from "./layer-rules";
import { scanImports } from "./scan-imports";

const globs = new Map<string, Bun.Glob>();
const glob = (pattern: string) => {
  const known = globs.get(pattern);
  if (known) return known;
  const compiled = new Bun.Glob(pattern);
  globs.set(pattern, compiled);
  return compiled;
};
const matchesAny = (patterns: string[] | undefined, path: string) =>
  (patterns ?? []).some((pattern) => glob(pattern).match(path));

/** A path glob matches the module or any folder above it (`db` refuses `db/schema`). */
function matchesPath(patterns: string[] | undefined, target: string): string | null {
  const parts = target.split("/");
  for (let end = parts.length; end > 0; end -= 1) {
    const prefix = parts.slice(0, end).join("/");
    for (const pattern of patterns ?? []) if (glob(pattern).match(prefix)) return prefix;
  }
  return null;
}

/** The folder matching `pattern` that holds `path`, if any. */
function holder(pattern: string, path: string): string | null {
  const parts = path.split("/");
  for (let end = 1; end < parts.length; end += 1) {
    const prefix = parts.slice(0, end).join("/");
    if (glob(pattern).match(prefix)) return prefix;
  }
  return null;
}

function refuses(rule: LayerRule, file: string, specifier: string, names: string[] | null): boolean {
  if (!specifier.startsWith(".")) {
    if (!matchesAny(rule.packages, specifier)) return false;
    return !(
      rule.allowNames &&
      names &&
      names.length > 0 &&
      names.every((n) => rule.allowNames!.includes(n))
    );
  }
  const target = join(dirname(file), specifier).replace(/\.(tsx?|jsx?|mjs)$/, "");
  if (target.startsWith("..") || !matchesPath(rule.paths, target)) return false;
  if (matchesAny(rule.allowPaths, target)) return false;
  if (rule.unlessWithin) {
    const own = holder(rule.unlessWithin, file);
    if (own && (target === own || target.startsWith(`${own}/`))) return false;
  }
  return true;
}

const SCANNED = ["src", "client", "common", "db", "scripts", "test", "e2e"];

/** One line per refused import: `path:line: message (imports specifier)`. */
export async function findLayerProblems(root: string, rules: LayerRule[] = layerRules) {
  const problems: string[] = [];
  let files = 0;
  for (const dir of SCANNED) {
    if (!existsSync(join(root, dir))) continue;
    for (const rel of new Bun.Glob("**/*.{ts,tsx}").scanSync({ cwd: join(root, dir) })) {
      if (rel.includes("node_modules/")) continue;
      const file = `${dir}/${rel}`;
      const applicable = rules.filter((r) => matchesAny(r.files, file) && !matchesAny(r.except, file));
      files += 1;
      if (applicable.length === 0) continue;
      const sites = scanImports(await Bun.file(resolve(root, file)).text());
      for (const site of sites)
        for (const rule of applicable)
          if (refuses(rule, file, site.specifier, site.names))
            problems.push(`${file}:${site.line}: ${rule.message} (imports ${site.specifier})`);
    }
  }
  return { problems, files };
}
