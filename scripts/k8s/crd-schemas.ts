import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

type Schema = Record<string, any>;

/**
 * A CRD's openAPIV3Schema as a JSON Schema that Ajv can run, read the way the API server does
 * with strict field validation (kubectl's default): an object that lists its properties rejects
 * any other field, unless it says x-kubernetes-preserve-unknown-fields. CEL rules
 * (x-kubernetes-validations) are not evaluated offline.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (typeof node !== "object" || node === null) return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("x-kubernetes-")) continue;
    out[key] = key === "properties" ? mapValues(value as Schema, toJsonSchema) : toJsonSchema(value);
  }
  const source = node as Schema;
  if (
    source.properties &&
    !("additionalProperties" in source) &&
    !source["x-kubernetes-preserve-unknown-fields"]
  ) {
    out.additionalProperties = false;
  }
  if (source.nullable && typeof out.type === "string") out.type = [out.type, "null"];
  delete out.nullable;
  return out;
}

function mapValues(object: Schema, fn: (v: unknown) => unknown): Schema {
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, fn(v)]));
}

export type CrdSchema = { apiVersion: string; kind: string; file: string; schema: Schema };

/** Every served version of every CustomResourceDefinition vendored in <k8s>/schemas/*.yaml. */
export function loadCrdSchemas(schemasDir: string): CrdSchema[] {
  const out: CrdSchema[] = [];
  for (const file of readdirSync(schemasDir).filter((f) => f.endsWith(".yaml"))) {
    const crd = parse(readFileSync(join(schemasDir, file), "utf8"));
    if (crd?.kind !== "CustomResourceDefinition") continue;
    for (const version of crd.spec.versions ?? []) {
      if (!version.served) continue;
      out.push({
        apiVersion: `${crd.spec.group}/${version.name}`,
        kind: crd.spec.names.kind,
        file,
        schema: toJsonSchema(version.schema.openAPIV3Schema) as Schema,
      });
    }
  }
  return out;
}
