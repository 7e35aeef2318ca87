/**
 * A small kustomize: the subset k8s/ uses (resources, components, namespace, labels,
 * configMapGenerator with kustomize's exact hash suffix, images, strategic-merge patches). Used
 * by scripts/validate-k8s.ts when no kubectl is installed; when kubectl is, both render and must
 * agree, which keeps this file honest.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [k: string]: unknown };
  [k: string]: unknown;
};
type Json = Record<string, unknown>;

type Kustomization = {
  kind?: string;
  resources?: string[];
  components?: string[];
  namespace?: string;
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  configMapGenerator?: { name: string; literals?: string[] }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  patches?: {
    path?: string;
    patch?: string;
    /** By kind and name, or by kind and a `key=value` label selector (every match is patched). */
    target?: { kind?: string; name?: string; labelSelector?: string };
  }[];
};

const SUPPORTED = new Set([
  "apiVersion",
  "kind",
  "resources",
  "components",
  "namespace",
  "labels",
  "configMapGenerator",
  "images",
  "patches",
]);
const CLUSTER_SCOPED = new Set([
  "Namespace",
  "ClusterRole",
  "ClusterRoleBinding",
  "StorageClass",
  "CustomResourceDefinition",
]);
const WORKLOADS = new Set(["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job"]);

function readYaml(file: string): Json[] {
  return parseAllDocuments(readFileSync(file, "utf8"))
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]?.message}`);
      return doc.toJS() as Json | null;
    })
    .filter((doc): doc is Json => doc !== null);
}

function loadKustomization(dir: string): Kustomization {
  const file = ["kustomization.yaml", "kustomization.yml", "Kustomization"]
    .map((name) => join(dir, name))
    .find((path) => existsSync(path));
  if (!file) throw new Error(`${dir}: no kustomization.yaml`);
  const k = readYaml(file)[0] as Kustomization;
  for (const key of Object.keys(k)) {
    if (!SUPPORTED.has(key)) throw new Error(`${file}: kustomize-lite does not support "${key}"`);
  }
  return k;
}

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Strategic merge as it behaves for the lists used here: lists of named objects merge by name. */
export function strategicMerge(base: unknown, patch: unknown): unknown {
  if (isObject(base) && isObject(patch)) {
    const out: Json = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      out[key] = value === null ? undefined : key in base ? strategicMerge(base[key], value) : value;
      if (out[key] === undefined) delete out[key];
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch) && patch.every((p) => isObject(p) && "name" in p)) {
    const out = base.map((item) => {
      const match = patch.find((p) => isObject(item) && (p as Json).name === item.name);
      return match ? strategicMerge(item, match) : item;
    });
    for (const p of patch) {
      if (!base.some((item) => isObject(item) && item.name === (p as Json).name)) out.push(p);
    }
    return out;
  }
  return patch;
}

/**
 * kustomize's ConfigMap hash: sha256 of {data, kind, name} as sorted-key JSON, first 10 hex digits
 * with some letters swapped. kustomize 5 hashes the generated map before it has a name, so the
 * name is empty (checked against kubectl kustomize).
 */
export function configMapHash(data: Record<string, string>): string {
  const sorted = Object.fromEntries(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const encoded = JSON.stringify({ data: sorted, kind: "ConfigMap", name: "" });
  const hex = createHash("sha256").update(encoded).digest("hex");
  const swap: Record<string, string> = { "0": "g", "1": "h", "3": "k", a: "m", e: "t" };
  return [...hex.slice(0, 10)].map((c) => swap[c] ?? c).join("");
}

function podSpecs(obj: K8sObject): Json[] {
  const spec = obj.spec as Json | undefined;
  if (!spec) return [];
  if (WORKLOADS.has(obj.kind)) {
    const pod = (spec.template as Json | undefined)?.spec as Json | undefined;
    return pod ? [pod] : [];
  }
  if (obj.kind === "CronJob") {
    const pod = ((spec.jobTemplate as Json)?.spec as Json)?.template as Json | undefined;
    return pod?.spec ? [pod.spec as Json] : [];
  }
  if (obj.kind === "Pod") return [spec];
  return [];
}

function containersOf(obj: K8sObject): Json[] {
  return podSpecs(obj).flatMap((pod) => [
    ...((pod.initContainers as Json[] | undefined) ?? []),
    ...((pod.containers as Json[] | undefined) ?? []),
  ]);
}

type Generated = { base: string; hashed: string };

function apply(dir: string, k: Kustomization, objects: K8sObject[], generated: Generated[]): K8sObject[] {
  let out = objects;
  for (const gen of k.configMapGenerator ?? []) {
    const data = Object.fromEntries(
      (gen.literals ?? []).map((lit) => {
        const at = lit.indexOf("=");
        return [lit.slice(0, at), lit.slice(at + 1)];
      }),
    );
    const hashed = `${gen.name}-${configMapHash(data)}`;
    generated.push({ base: gen.name, hashed });
    out.push({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: gen.name }, data });
  }
  for (const component of k.components ?? []) {
    const cdir = join(dir, component);
    const ck = loadKustomization(cdir);
    if (ck.kind !== "Component") throw new Error(`${cdir} is not a kustomize Component`);
    out = apply(cdir, ck, [...out, ...loadResources(cdir, ck, generated)], generated);
  }
  for (const p of k.patches ?? []) {
    const docs = p.path ? readYaml(join(dir, p.path)) : readYaml0(p.patch ?? "");
    for (const patch of docs as K8sObject[]) {
      const kind = p.target?.kind ?? patch.kind;
      const selector = p.target?.labelSelector?.split(",").map((pair) => pair.split("=") as [string, string]);
      const name = selector ? undefined : (p.target?.name ?? patch.metadata?.name);
      const matches = (o: K8sObject) =>
        o.kind === kind &&
        (selector
          ? selector.every(([key, value]) => o.metadata.labels?.[key] === value)
          : o.metadata.name === name);
      const indexes = out.flatMap((o, i) => (matches(o) ? [i] : []));
      if (indexes.length === 0)
        throw new Error(`${dir}: patch target ${kind}/${name ?? p.target?.labelSelector} not found`);
      for (const index of indexes) {
        // A patch applied by selector keeps each target's own name.
        const named = { ...patch, metadata: { ...patch.metadata, name: out[index]!.metadata.name } };
        out[index] = strategicMerge(out[index], named) as K8sObject;
      }
    }
  }
  if (k.namespace) {
    for (const o of out) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  }
  for (const label of k.labels ?? []) {
    if (label.includeSelectors)
      throw new Error(`${dir}: kustomize-lite supports labels only without includeSelectors`);
    for (const o of out) {
      o.metadata.labels = { ...o.metadata.labels, ...label.pairs };
      if (label.includeTemplates && WORKLOADS.has(o.kind)) {
        const template = (o.spec as Json).template as Json;
        const meta = (template.metadata ?? {}) as Json;
        template.metadata = { ...meta, labels: { ...(meta.labels as Json | undefined), ...label.pairs } };
      }
    }
  }
  for (const image of k.images ?? []) {
    for (const container of out.flatMap(containersOf)) {
      const current = String(container.image ?? "");
      const [name, tag] = current.split(":");
      if (name !== image.name) continue;
      container.image = `${image.newName ?? name}${image.newTag ? `:${image.newTag}` : tag ? `:${tag}` : ""}`;
    }
  }
  return out;
}

function readYaml0(text: string): Json[] {
  return parseAllDocuments(text).map((doc) => doc.toJS() as Json);
}

function loadResources(dir: string, k: Kustomization, generated: Generated[]): K8sObject[] {
  return (k.resources ?? []).flatMap((resource) => {
    const path = join(dir, resource);
    if (statSync(path).isDirectory()) return buildDir(path, generated);
    return readYaml(path) as K8sObject[];
  });
}

function buildDir(dir: string, generated: Generated[]): K8sObject[] {
  const k = loadKustomization(dir);
  return apply(dir, k, loadResources(dir, k, generated), generated);
}

/** Renders a kustomization directory: the objects `kubectl kustomize <dir>` would print. */
export function kustomize(dir: string): K8sObject[] {
  const generated: Generated[] = [];
  const objects = structuredClone(buildDir(dir, generated));
  const rename = (name: unknown) => generated.find((g) => g.base === name)?.hashed ?? name;
  for (const o of objects) {
    if (o.kind === "ConfigMap") o.metadata.name = rename(o.metadata.name) as string;
    for (const container of containersOf(o)) {
      for (const from of (container.envFrom as Json[] | undefined) ?? []) {
        const ref = from.configMapRef as Json | undefined;
        if (ref) ref.name = rename(ref.name);
      }
      for (const env of (container.env as Json[] | undefined) ?? []) {
        const ref = (env.valueFrom as Json | undefined)?.configMapKeyRef as Json | undefined;
        if (ref) ref.name = rename(ref.name);
      }
    }
    for (const pod of podSpecs(o)) {
      for (const volume of (pod.volumes as Json[] | undefined) ?? []) {
        const ref = volume.configMap as Json | undefined;
        if (ref) ref.name = rename(ref.name);
      }
    }
  }
  return objects;
}
