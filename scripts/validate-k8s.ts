/**
 * `bun scripts/validate-k8s.ts` (run by .ci/run): renders every overlay in k8s/overlays (and the
 * CloudNativePG overlay with each optional component in k8s/components) and checks every object
 * OFFLINE:
 *  1. rendering: `kubectl kustomize` when kubectl is installed, and scripts/kustomize-lite.ts
 *     always; when both ran they must produce the same objects;
 *  2. built-in kinds against the Kubernetes OpenAPI schemas (npm `kubernetes-models`), plus a
 *     type-check of each object against the same API types so an unknown or misspelt field fails;
 *  3. custom resources (CloudNativePG, Barman Cloud Plugin, Prometheus Operator) against the
 *     upstream CRDs vendored in k8s/schemas (see its README for versions and sources);
 *  4. the rules ClubNica's deployment promises (replicas, probes, security, no committed secrets,
 *     database reachable only from the app, ...).
 * The restore manifests in k8s/recovery (applied by hand, not through an overlay) are checked by
 * steps 2 and 3. Exits 1 with the list of problems. `bun scripts/validate-k8s.ts [dir]` checks another k8s/ tree.
 */
import { join, relative, resolve } from "node:path";
import { kubectl, render } from "./k8s/render";
import { checkRules } from "./k8s/rules";
import { createSchemaValidator, typeCheck } from "./k8s/schemas";
import { listRecoveryFiles, listTargets, readObjects } from "./k8s/targets";
import type { K8sObject } from "./kustomize-lite";

const root = resolve(import.meta.dir, "..");
// Another directory laid out like k8s/ may be given (the tests break a copy on purpose).
const k8sDir = resolve(process.argv[2] ?? join(root, "k8s"));
const problems: string[] = [];
const fail = (target: string, message: string) => problems.push(`${target}: ${message}`);
const validate = createSchemaValidator(k8sDir, fail);

const list = listTargets(k8sDir);
const all: { target: string; object: K8sObject }[] = [];
try {
  for (const target of list) {
    let objects: K8sObject[];
    try {
      objects = render(target, fail);
    } catch (error) {
      fail(target.name, (error as Error).message);
      continue;
    }
    for (const object of objects) {
      all.push({ target: target.name, object });
      await validate(target.name, object);
    }
    checkRules(target.name, objects, fail);
    const kinds = objects.map((o) => o.kind).join(", ");
    console.log(`${target.name}: ${objects.length} objects (${kinds})`);
  }
  for (const file of listRecoveryFiles(k8sDir)) {
    const name = relative(k8sDir, file);
    for (const object of readObjects(file)) {
      all.push({ target: name, object });
      await validate(name, object);
    }
    console.log(`${name}: validated`);
  }
} finally {
  for (const target of list) target.cleanup?.();
}
typeCheck(root, all, fail);

console.log(
  `rendered with ${kubectl ? "kubectl kustomize and kustomize-lite (compared)" : "kustomize-lite (no kubectl)"}; ` +
    `validated ${all.length} objects offline against ${relative(root, k8sDir)}/schemas and kubernetes-models`,
);
if (problems.length) {
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  console.error(`${problems.length} problem(s) in the Kubernetes manifests`);
  process.exit(1);
}
console.log("Kubernetes manifests: OK");
