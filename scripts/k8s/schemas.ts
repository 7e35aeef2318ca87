import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import type { K8sObject } from "../kustomize-lite";
import { loadCrdSchemas } from "./crd-schemas";
import { type Fail, key } from "./report";

function modelPath(o: K8sObject): string {
  const [group, version] = o.apiVersion.includes("/") ? o.apiVersion.split("/") : ["", o.apiVersion];
  return group ? `kubernetes-models/${group}/${version}/${o.kind}` : `kubernetes-models/${version}/${o.kind}`;
}

const BUILT_IN_GROUPS =
  /^(v1|(apps|batch|policy|autoscaling|networking\.k8s\.io|rbac\.authorization\.k8s\.io)\/v\d+)$/;

async function validateBuiltIn(target: string, o: K8sObject, fail: Fail): Promise<boolean> {
  if (!BUILT_IN_GROUPS.test(o.apiVersion)) return false;
  const module = await import(modelPath(o)).catch(() => null);
  const Model = module?.[o.kind];
  if (!Model) {
    fail(target, `${key(o)}: unknown kind ${o.apiVersion} ${o.kind}`);
    return true;
  }
  try {
    new Model(o).validate();
  } catch (error) {
    fail(target, `${key(o)} does not match the Kubernetes schema: ${(error as Error).message}`);
  }
  return true;
}

function validateCustom(
  validators: Map<string, { file: string; validate: ValidateFunction }>,
  target: string,
  o: K8sObject,
  fail: Fail,
) {
  const found = validators.get(`${o.apiVersion} ${o.kind}`);
  if (!found) {
    fail(target, `${key(o)}: no schema for ${o.apiVersion} ${o.kind} in k8s/schemas`);
    return;
  }
  if (!found.validate(o)) {
    const errors = (found.validate.errors ?? []).map(
      (e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
    );
    fail(target, `${key(o)} does not match k8s/schemas/${found.file}: ${errors.join("; ")}`);
  }
}

/** Excess-property checks of the API types catch fields the JSON-schema validators let through. */
export function typeCheck(root: string, all: { target: string; object: K8sObject }[], fail: Fail) {
  const dir = join(root, "node_modules/.cache/validate-k8s");
  mkdirSync(dir, { recursive: true });
  const imports = new Map<string, string>();
  const lines: string[] = [];
  all.forEach(({ target, object }, i) => {
    if (!BUILT_IN_GROUPS.test(object.apiVersion)) return;
    const path = modelPath(object);
    let alias = imports.get(path);
    if (!alias) {
      alias = `T${imports.size}`;
      imports.set(path, alias);
    }
    lines.push(`// ${target} ${key(object)}`, `export const o${i}: ${alias} = ${JSON.stringify(object)};`);
  });
  const header = [...imports].map(([path, alias]) => {
    const kind = path.split("/").pop();
    return `import type { I${kind} as ${alias} } from "${path}";`;
  });
  const file = join(dir, "objects.ts");
  writeFileSync(file, [...header, ...lines, ""].join("\n"));
  const tsc = Bun.spawnSync(
    [
      "bunx",
      "tsc",
      "--ignoreConfig",
      "--noEmit",
      "--strict",
      "--skipLibCheck",
      "--target",
      "es2022",
      "--module",
      "preserve",
      "--moduleResolution",
      "bundler",
      "--types",
      "",
      file,
    ],
    { cwd: root, stdout: "pipe", stderr: "pipe" },
  );
  if (tsc.exitCode !== 0) {
    const source = readFileSync(file, "utf8").split("\n");
    const out = (tsc.stdout.toString() + tsc.stderr.toString()).trim();
    const errors = out.split("\n").filter((l) => /error TS/.test(l));
    for (const line of errors) {
      const at = /\((\d+),/.exec(line);
      const context = at ? source[Number(at[1]) - 2] : "";
      fail(`type check ${context?.replace(/^\/\/ /, "")}`, line.replace(/^.*error /, ""));
    }
    if (!errors.length) fail("type check", `failed:\n${out}`);
  }
}

/**
 * Built-in kinds against kubernetes-models; custom resources (CloudNativePG, the Barman Cloud
 * Plugin, the Prometheus Operator) against the upstream CRDs vendored in <k8s>/schemas.
 */
export function createSchemaValidator(k8sDir: string, fail: Fail) {
  // Ajv knows no Kubernetes formats (int32, int64); types, enums and patterns are still checked.
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  const validators = new Map<string, { file: string; validate: ValidateFunction }>();
  for (const crd of loadCrdSchemas(join(k8sDir, "schemas"))) {
    validators.set(`${crd.apiVersion} ${crd.kind}`, { file: crd.file, validate: ajv.compile(crd.schema) });
  }
  return async (target: string, o: K8sObject) => {
    if (!(await validateBuiltIn(target, o, fail))) validateCustom(validators, target, o, fail);
  };
}
