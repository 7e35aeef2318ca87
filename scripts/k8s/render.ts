import { parseAllDocuments } from "yaml";
import { type K8sObject, kustomize } from "../kustomize-lite";
import { type Fail, type Json, key } from "./report";
import type { Target } from "./targets";

export const kubectl = Bun.which("kubectl");

function renderWithKubectl(dir: string): K8sObject[] | null {
  if (!kubectl) return null;
  const run = Bun.spawnSync([kubectl, "kustomize", dir], { stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${run.stderr.toString()}`);
  return parseAllDocuments(run.stdout.toString())
    .map((doc) => doc.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}

/** Same objects regardless of key order and of the order of named list items (env, containers). */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(normalize);
    if (items.every((i) => typeof i === "object" && i !== null && "name" in i)) {
      return items.sort((a, b) => String((a as Json).name).localeCompare(String((b as Json).name)));
    }
    return items;
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, normalize(v)]),
    );
  }
  return value;
}

/** kustomize-lite always; also kubectl kustomize when installed, and then the two must agree. */
export function render(target: Target, fail: Fail): K8sObject[] {
  const lite = kustomize(target.dir);
  const real = renderWithKubectl(target.dir);
  if (!real) return lite;
  const a = new Map(lite.map((o) => [key(o), JSON.stringify(normalize(o))]));
  const b = new Map(real.map((o) => [key(o), JSON.stringify(normalize(o))]));
  for (const [k, v] of b) {
    if (!a.has(k)) fail(target.name, `kustomize-lite did not render ${k}`);
    else if (a.get(k) !== v)
      fail(target.name, `kustomize-lite renders ${k} differently from kubectl kustomize`);
  }
  for (const k of a.keys()) if (!b.has(k)) fail(target.name, `kustomize-lite rendered an extra ${k}`);
  return real;
}
