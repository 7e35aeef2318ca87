import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configMapHash, kustomize, strategicMerge } from "../../scripts/kustomize-lite";
import { repoRoot } from "../app-process";

setDefaultTimeout(60_000);

/** The manifest gate itself must be able to fail: a copy of k8s/ is broken on purpose. */
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

function copyK8s(): string {
  const dir = join(mkdtempSync(join(tmpdir(), "clubnica-k8s-")), "k8s");
  copies.push(dir);
  cpSync(join(repoRoot, "k8s"), dir, { recursive: true });
  return dir;
}

function edit(file: string, from: string, to: string) {
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  writeFileSync(file, text.replace(from, to));
}

function validate(dir: string) {
  const run = Bun.spawnSync(["bun", "scripts/validate-k8s.ts", dir], {
    cwd: repoRoot,
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: run.exitCode, out: run.stdout.toString() + run.stderr.toString() };
}

describe("scripts/validate-k8s.ts", () => {
  // .ci/run runs it on the committed manifests; here one broken copy shows each check can fail.
  test("a misspelt field, a wrong type, a committed Secret, a bad CloudNativePG field and broken rules all fail", () => {
    const dir = copyK8s();
    edit(
      join(dir, "base/deployment.yaml"),
      "imagePullPolicy: IfNotPresent",
      "imagePullPolicy: IfNotPresent\n          imagePullPolicyy: Always",
    );
    edit(join(dir, "base/deployment.yaml"), "  replicas: 2", "  replicas: 1");
    edit(join(dir, "base/hpa.yaml"), "maxReplicas: 6", 'maxReplicas: "six"');
    edit(
      join(dir, "overlays/cloudnative-pg/cluster.yaml"),
      "primaryUpdateStrategy: unsupervised",
      "primaryUpdateStrategy: whenever",
    );
    writeFileSync(
      join(dir, "base/secret.yaml"),
      "apiVersion: v1\nkind: Secret\nmetadata:\n  name: clubnica-secrets\nstringData:\n  JWT_SECRET: oops\n",
    );
    edit(join(dir, "base/kustomization.yaml"), "  - namespace.yaml", "  - namespace.yaml\n  - secret.yaml");
    edit(
      join(dir, "base/networkpolicy.yaml"),
      "        - podSelector:\n            matchLabels:\n              app.kubernetes.io/name: clubnica",
      "        - podSelector: {}",
    );
    const result = validate(dir);
    expect(result.code).toBe(1);
    expect(result.out).toContain("imagePullPolicyy");
    expect(result.out).toContain("maxReplicas must be integer");
    expect(result.out).toContain("Secret/clubnica/clubnica-secrets: secrets are created by the operator");
    expect(result.out).toMatch(/Cluster\/clubnica\/clubnica-db does not match .*primaryUpdateStrategy/s);
    expect(result.out).toContain("Deployment clubnica: at least 2 replicas");
    expect(result.out).toContain("NetworkPolicy clubnica-database peer selector is too wide");
  });

  test("an Ingress that would cut an idle live connection (nginx's 60 s default) fails", () => {
    const dir = copyK8s();
    edit(join(dir, "base/ingress.yaml"), '    nginx.ingress.kubernetes.io/proxy-read-timeout: "3600"\n', "");
    const result = validate(dir);
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      "Ingress clubnica: nginx.ingress.kubernetes.io/proxy-read-timeout must be over",
    );
    expect(result.out).not.toContain("proxy-send-timeout must be over");
  });

  test("separate workers: replicas without JOB_WORKERS=off in the web, or another database, fail", () => {
    const dir = copyK8s();
    edit(
      join(dir, "components/separate-workers/kustomization.yaml"),
      "  - path: web-without-workers-patch.yaml\n",
      "",
    );
    edit(
      join(dir, "overlays/cloudnative-pg/kustomization.yaml"),
      "      labelSelector: app.kubernetes.io/name=clubnica",
      "      name: clubnica",
    );
    const result = validate(dir);
    expect(result.code).toBe(1);
    expect(result.out).toContain("clubnica-worker replicas need JOB_WORKERS=off in the web pods");
    expect(result.out).toContain(
      "Deployment clubnica-worker: DATABASE_URL from the same secret as the web pods",
    );
  });

  test("the upstream CRDs catch a deprecated in-tree backup, a misspelt plugin field and a bad retention", () => {
    const dir = copyK8s();
    edit(
      join(dir, "components/cnpg-backup/cluster-wal-archiving-patch.yaml"),
      "  plugins:",
      "  backup:\n    barmanObjectStore:\n      destinationPath: s3://old/way\n  plugins:",
    );
    edit(
      join(dir, "components/cnpg-backup/object-store.yaml"),
      "retentionPolicy: 30d",
      "retentionPolicy: 30 days",
    );
    edit(join(dir, "components/cnpg-backup/scheduled-backup.yaml"), "method: plugin", "method: plugins");
    edit(join(dir, "components/monitoring/pod-monitor.yaml"), "      interval: 30s", "      intervall: 30s");
    edit(join(dir, "recovery/cloudnative-pg-point-in-time.yaml"), "targetTime:", "targetTimes:");
    edit(
      join(dir, "overlays/single-postgres/backup-cronjob.yaml"),
      "timeZone: America/Managua",
      "timeZone: UTC",
    );
    const result = validate(dir);
    expect(result.code).toBe(1);
    expect(result.out).toContain("spec.backup.barmanObjectStore is deprecated");
    expect(result.out).toMatch(
      /ObjectStore\/clubnica\/clubnica-backups does not match .*retentionPolicy must match pattern/,
    );
    expect(result.out).toMatch(
      /ScheduledBackup\/clubnica\/clubnica-db-nightly does not match .*allowedValues/,
    );
    expect(result.out).toContain('{"additionalProperty":"intervall"}');
    expect(result.out).toContain('{"additionalProperty":"targetTimes"}');
    expect(result.out).toContain("backup at 02:00 America/Managua");
  });

  test("the committed manifests pass, overlays and components alike", () => {
    const result = validate(join(repoRoot, "k8s"));
    expect(result.out).toContain("overlays/cloudnative-pg + components/cnpg-backup:");
    expect(result.out).toContain("overlays/single-postgres + components/monitoring:");
    expect(result.out).toContain("recovery/cloudnative-pg-point-in-time.yaml: validated");
    expect(result.code).toBe(0);
  });
});

describe("kustomize-lite", () => {
  test("generated ConfigMap names carry kustomize's own hash", () => {
    // `kubectl kustomize` names {A: "1", B: "two words"} x-5gttg69dkf.
    expect(configMapHash({ B: "two words", A: "1" })).toBe("5gttg69dkf");
  });

  test("strategic merge replaces a named env entry and keeps the others", () => {
    const base = {
      env: [
        { name: "A", value: "1" },
        { name: "B", value: "2" },
      ],
      image: "x",
    };
    const patch = { env: [{ name: "B", valueFrom: { secretKeyRef: { name: "s", key: "k" } } }] };
    expect(strategicMerge(base, patch)).toEqual({
      env: [
        { name: "A", value: "1" },
        { name: "B", value: "2", valueFrom: { secretKeyRef: { name: "s", key: "k" } } },
      ],
      image: "x",
    });
  });

  test("renders the single-postgres overlay with the namespace, labels, image and hashed ConfigMap", () => {
    const objects = kustomize(join(repoRoot, "k8s/overlays/single-postgres"));
    const deployment = objects.find((o) => o.kind === "Deployment");
    const configMap = objects.find((o) => o.kind === "ConfigMap");
    expect(deployment?.metadata.namespace).toBe("clubnica");
    expect(deployment?.metadata.labels?.["app.kubernetes.io/part-of"]).toBe("clubnica");
    if (!deployment) throw new Error("no Deployment rendered");
    const pod = (deployment.spec as { template: { spec: any } }).template.spec;
    expect(pod.containers[0].image).toMatch(/clubnica:[\w.-]+$/);
    expect(configMap?.metadata.name).toMatch(/^clubnica-settings-[a-z0-9]{10}$/);
    expect(pod.containers[0].envFrom[0].configMapRef.name).toBe(configMap?.metadata.name);
  });
});
