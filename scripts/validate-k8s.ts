/**
 * `bun scripts/validate-k8s.ts` (run by .ci/run): renders every overlay in k8s/overlays (and the
 * CloudNativePG overlay with each optional component in k8s/components) and checks every object
 * OFFLINE:
 *  1. rendering: `kubectl kustomize` when kubectl is installed, and scripts/kustomize-lite.ts
 *     always; when both ran they must produce the same objects;
 *  2. built-in kinds against the Kubernetes OpenAPI schemas (npm `kubernetes-models`), plus a
 *     type-check of each object against the same API types so an unknown or misspelt field fails;
 *  3. custom resources (CloudNativePG) against the JSON schemas vendored in k8s/schemas;
 *  4. the rules ClubNica's deployment promises (replicas, probes, security, no committed secrets,
 *     database reachable only from the app, ...).
 * Exits 1 with the list of problems. `bun scripts/validate-k8s.ts [dir]` checks another k8s/ tree.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import Ajv from "ajv";
import { parseAllDocuments } from "yaml";
import { type K8sObject, kustomize } from "./kustomize-lite";

const root = resolve(import.meta.dir, "..");
// Another directory laid out like k8s/ may be given (the tests break a copy on purpose).
const k8sDir = resolve(process.argv[2] ?? join(root, "k8s"));
const problems: string[] = [];
const fail = (target: string, message: string) => problems.push(`${target}: ${message}`);
type Json = Record<string, any>;

// ---------- targets -------------------------------------------------------------------------
type Target = { name: string; dir: string; cleanup?: () => void };

function targets(): Target[] {
  const overlays = readdirSync(join(k8sDir, "overlays"))
    .filter((name) => statSync(join(k8sDir, "overlays", name)).isDirectory())
    .map((name) => ({ name: `overlays/${name}`, dir: join(k8sDir, "overlays", name) }));
  const components = readdirSync(join(k8sDir, "components")).filter((name) =>
    statSync(join(k8sDir, "components", name)).isDirectory(),
  );
  const variants: Target[] = [];
  for (const overlay of overlays) {
    const text = readFileSync(join(overlay.dir, "kustomization.yaml"), "utf8");
    for (const component of components) {
      // An overlay that mentions a component (even commented out) is also rendered with it on.
      if (!text.includes(`components/${component}`)) continue;
      const dir = join(k8sDir, `.validate-${component}-${process.pid}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, "kustomization.yaml"),
        [
          "apiVersion: kustomize.config.k8s.io/v1beta1",
          "kind: Kustomization",
          "resources:",
          `  - ../${overlay.name}`,
          "components:",
          `  - ../components/${component}`,
          "",
        ].join("\n"),
      );
      variants.push({
        name: `${overlay.name} + components/${component}`,
        dir,
        cleanup: () => rmSync(dir, { recursive: true, force: true }),
      });
    }
  }
  return [...overlays, ...variants];
}

// ---------- rendering -----------------------------------------------------------------------
const kubectl = Bun.which("kubectl");

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
const key = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ""}/${o.metadata.name}`;

function render(target: Target): K8sObject[] {
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

// ---------- schema validation ---------------------------------------------------------------
function modelPath(o: K8sObject): string {
  const [group, version] = o.apiVersion.includes("/") ? o.apiVersion.split("/") : ["", o.apiVersion];
  return group ? `kubernetes-models/${group}/${version}/${o.kind}` : `kubernetes-models/${version}/${o.kind}`;
}

const BUILT_IN_GROUPS =
  /^(v1|(apps|batch|policy|autoscaling|networking\.k8s\.io|rbac\.authorization\.k8s\.io)\/v\d+)$/;

async function validateBuiltIn(target: string, o: K8sObject): Promise<boolean> {
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

const ajv = new Ajv({ allErrors: true, strict: false });
for (const file of readdirSync(join(k8sDir, "schemas")).filter((f) => f.endsWith(".json"))) {
  ajv.addSchema(JSON.parse(readFileSync(join(k8sDir, "schemas", file), "utf8")));
}

function validateCustom(target: string, o: K8sObject) {
  const group = o.apiVersion.replace("/", "_");
  const validate = ajv.getSchema(`${group}#/definitions/${o.kind}`);
  if (!validate) {
    fail(target, `${key(o)}: no schema for ${o.apiVersion} ${o.kind} in k8s/schemas`);
    return;
  }
  if (!validate(o)) {
    const errors = (validate.errors ?? []).map(
      (e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`,
    );
    fail(target, `${key(o)} does not match k8s/schemas/${group}.json: ${errors.join("; ")}`);
  }
}

/** Excess-property checks of the API types catch fields the JSON-schema validators let through. */
function typeCheck(all: { target: string; object: K8sObject }[]) {
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
    for (const line of out.split("\n").filter((l) => /error TS/.test(l))) {
      const at = /\((\d+),/.exec(line);
      const context = at ? source[Number(at[1]) - 2] : "";
      problems.push(`type check ${context?.replace(/^\/\/ /, "")}: ${line.replace(/^.*error /, "")}`);
    }
    if (!problems.length) problems.push(`type check failed:\n${out}`);
  }
}

// ---------- ClubNica's rules ----------------------------------------------------------------
function podSpec(o: K8sObject): Json | null {
  if (["Deployment", "StatefulSet", "Job", "DaemonSet"].includes(o.kind))
    return (o.spec as Json).template.spec;
  return null;
}

const SECRET_LIKE = /SECRET|PASSWORD|TOKEN|DATABASE_URL|SMTP_URL|KEY/;

function checkRules(target: string, objects: K8sObject[]) {
  const find = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name);
  const must = (ok: unknown, message: string) => {
    if (!ok) fail(target, message);
  };

  for (const o of objects) {
    must(o.kind !== "Secret", `${key(o)}: secrets are created by the operator with kubectl, never committed`);
    const pod = podSpec(o);
    if (!pod) continue;
    must(pod.automountServiceAccountToken === false, `${key(o)}: automountServiceAccountToken must be false`);
    must(pod.securityContext?.runAsNonRoot === true, `${key(o)}: pod securityContext.runAsNonRoot`);
    must(pod.securityContext?.seccompProfile?.type === "RuntimeDefault", `${key(o)}: seccomp RuntimeDefault`);
    for (const c of [...(pod.initContainers ?? []), ...pod.containers] as Json[]) {
      const where = `${key(o)} container ${c.name}`;
      must(c.securityContext?.allowPrivilegeEscalation === false, `${where}: allowPrivilegeEscalation false`);
      must(c.securityContext?.readOnlyRootFilesystem === true, `${where}: readOnlyRootFilesystem`);
      must(
        JSON.stringify(c.securityContext?.capabilities?.drop) === '["ALL"]',
        `${where}: capabilities.drop [ALL]`,
      );
      must(
        c.resources?.requests && c.resources?.limits?.memory,
        `${where}: resource requests and a memory limit`,
      );
      must(
        /:[\w.-]+$/.test(c.image) && !c.image.endsWith(":latest"),
        `${where}: image ${c.image} needs a fixed tag`,
      );
      for (const env of (c.env ?? []) as Json[]) {
        if (SECRET_LIKE.test(env.name)) {
          must(env.valueFrom?.secretKeyRef, `${where}: ${env.name} must come from a Secret`);
        }
      }
      for (const from of (c.envFrom ?? []) as Json[]) {
        const name = from.configMapRef?.name;
        if (name) must(find("ConfigMap", name), `${where}: envFrom ConfigMap ${name} is not in the output`);
      }
    }
  }

  const web = find("Deployment", "clubnica");
  must(web, "Deployment clubnica missing");
  if (web) {
    const spec = web.spec as Json;
    const pod = spec.template.spec as Json;
    const app = (pod.containers as Json[]).find((c) => c.name === "clubnica") ?? {};
    must(spec.replicas >= 2, "Deployment clubnica: at least 2 replicas");
    must(spec.strategy?.rollingUpdate?.maxUnavailable === 0, "Deployment clubnica: maxUnavailable 0");
    must(app.readinessProbe?.httpGet?.path === "/readyz", "Deployment clubnica: readiness probe on /readyz");
    must(app.livenessProbe?.httpGet?.path === "/healthz", "Deployment clubnica: liveness probe on /healthz");
    must(app.startupProbe, "Deployment clubnica: startup probe");
    must(
      (pod.topologySpreadConstraints ?? []).some((t: Json) => t.topologyKey === "kubernetes.io/hostname"),
      "Deployment clubnica: spread across nodes",
    );
    must(pod.terminationGracePeriodSeconds >= 30, "Deployment clubnica: terminationGracePeriodSeconds >= 30");
    const settings = objects.find(
      (o) => o.kind === "ConfigMap" && o.metadata.name.startsWith("clubnica-settings"),
    );
    const data = (settings?.data ?? {}) as Record<string, string>;
    must(data.NODE_ENV === "production", "ConfigMap clubnica-settings: NODE_ENV=production");
    const drain = Number(data.SHUTDOWN_DELAY_MS ?? 5000) + Number(data.SHUTDOWN_TIMEOUT_MS ?? 20_000);
    must(
      drain < pod.terminationGracePeriodSeconds * 1000,
      "shutdown delay + timeout must fit the grace period",
    );
    const envNames = (app.env ?? []).map((e: Json) => e.name);
    for (const name of ["JWT_SECRET", "DATABASE_URL", "SMTP_URL", "MAIL_FROM"]) {
      must(envNames.includes(name), `Deployment clubnica: env ${name}`);
    }
    const service = find("Service", "clubnica");
    const labels = spec.template.metadata.labels as Record<string, string>;
    must(
      service && Object.entries((service.spec as Json).selector).every(([k, v]) => labels[k] === v),
      "Service clubnica must select the app pods",
    );
  }
  const ingress = find("Ingress", "clubnica");
  must((ingress?.spec as Json)?.tls?.[0]?.secretName, "Ingress clubnica with a TLS secret");
  must(
    (find("HorizontalPodAutoscaler", "clubnica")?.spec as Json)?.minReplicas >= 2,
    "HPA with minReplicas >= 2",
  );
  must((find("PodDisruptionBudget", "clubnica")?.spec as Json)?.minAvailable >= 1, "PDB minAvailable >= 1");
  const job = find("Job", "clubnica-migrate");
  must(
    JSON.stringify((job?.spec as Json)?.template.spec.containers[0].command) ===
      '["bun","scripts/migrate.ts"]',
    "Job clubnica-migrate runs bun scripts/migrate.ts",
  );

  // The database pods exist, are selected by the NetworkPolicy, and only the app's pods may connect.
  const policy = find("NetworkPolicy", "clubnica-database");
  const selector = ((policy?.spec as Json)?.podSelector?.matchLabels ?? {}) as Record<string, string>;
  const dbLabels: Record<string, string>[] = [];
  for (const o of objects) {
    if (o.kind === "StatefulSet") dbLabels.push((o.spec as Json).template.metadata.labels);
    if (o.kind === "Cluster") dbLabels.push((o.spec as Json).inheritedMetadata?.labels ?? {});
  }
  must(dbLabels.length > 0, "no database (StatefulSet or CloudNativePG Cluster) in the output");
  for (const labels of dbLabels) {
    must(
      Object.keys(selector).length && Object.entries(selector).every(([k, v]) => labels[k] === v),
      "NetworkPolicy clubnica-database must select the database pods",
    );
  }
  const from = ((policy?.spec as Json)?.ingress ?? []).flatMap((rule: Json) => rule.from ?? []);
  const appPods = [web, job].flatMap((o) => (o ? [(o.spec as Json).template.metadata.labels] : []));
  for (const peer of from) {
    const match = (peer.podSelector?.matchLabels ?? {}) as Record<string, string>;
    must(!peer.namespaceSelector && !peer.ipBlock, "NetworkPolicy clubnica-database admits only pods");
    for (const labels of appPods) {
      must(
        Object.entries(match).every(([k, v]) => labels[k] === v),
        "NetworkPolicy clubnica-database must admit the app and migration pods",
      );
    }
    // An empty selector admits every pod in the namespace; one matching the database admits it too.
    const selectsDatabase = dbLabels.some((labels) =>
      Object.entries(match).every(([k, v]) => labels[k] === v),
    );
    must(
      Object.keys(match).length > 0 && !selectsDatabase,
      "NetworkPolicy clubnica-database peer selector is too wide",
    );
  }
}

// ---------- main ----------------------------------------------------------------------------
const list = targets();
const all: { target: string; object: K8sObject }[] = [];
try {
  for (const target of list) {
    let objects: K8sObject[];
    try {
      objects = render(target);
    } catch (error) {
      fail(target.name, (error as Error).message);
      continue;
    }
    for (const object of objects) {
      all.push({ target: target.name, object });
      if (!(await validateBuiltIn(target.name, object))) validateCustom(target.name, object);
    }
    checkRules(target.name, objects);
    const kinds = objects.map((o) => o.kind).join(", ");
    console.log(`${target.name}: ${objects.length} objects (${kinds})`);
  }
} finally {
  for (const target of list) target.cleanup?.();
}
typeCheck(all);

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
