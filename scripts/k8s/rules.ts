import { LIVE_SOCKET_OPTIONS } from "../../src/features/live";
import type { K8sObject } from "../kustomize-lite";
import { type Fail, type Json, key } from "./report";
import { checkWorkers } from "./worker-rules";

function podSpec(o: K8sObject): Json | null {
  if (["Deployment", "StatefulSet", "Job", "DaemonSet"].includes(o.kind))
    return (o.spec as Json).template.spec;
  if (o.kind === "CronJob") return (o.spec as Json).jobTemplate.spec.template.spec;
  return null;
}

function podLabels(o: K8sObject): Record<string, string> {
  if (o.kind === "CronJob") return (o.spec as Json).jobTemplate.spec.template.metadata?.labels ?? {};
  return (o.spec as Json).template?.metadata?.labels ?? {};
}

const SECRET_LIKE = /SECRET|PASSWORD|TOKEN|DATABASE_URL|SMTP_URL|KEY/;

/** The promises ClubNica's deployment makes (replicas, probes, security, secrets, network). */
export function checkRules(target: string, objects: K8sObject[], fail: Fail) {
  const find = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name);
  const must = (ok: unknown, message: string) => {
    if (!ok) fail(target, message);
  };

  for (const o of objects) {
    must(
      o.kind === "Namespace" || o.metadata.namespace === "clubnica",
      `${key(o)}: must be in the namespace clubnica`,
    );
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
    // Mail may be absent: the pods must start without the clubnica-smtp secret.
    for (const env of (app.env ?? []) as Json[]) {
      if (env.valueFrom?.secretKeyRef?.name === "clubnica-smtp") {
        must(
          env.valueFrom.secretKeyRef.optional === true,
          `Deployment clubnica: ${env.name} must be optional`,
        );
      }
    }
    const ports = (app.ports ?? []) as Json[];
    must(
      ports.some((p) => p.name === "metrics" && String(p.containerPort) === data.METRICS_PORT),
      "Deployment clubnica: a `metrics` port equal to METRICS_PORT",
    );
    const service = find("Service", "clubnica");
    const labels = spec.template.metadata.labels as Record<string, string>;
    must(
      service && Object.entries((service.spec as Json).selector).every(([k, v]) => labels[k] === v),
      "Service clubnica must select the app pods",
    );
  }
  const ingress = find("Ingress", "clubnica");
  must((ingress?.spec as Json)?.tls?.[0]?.secretName, "Ingress clubnica with a TLS secret");
  // The live connection (GET /api/live, a WebSocket) is quiet between the app's pings, sent
  // before LIVE_SOCKET_OPTIONS.idleTimeout; ingress-nginx cuts a proxied connection after its
  // read or send timeout (60 s by default) without data, so both must be longer.
  const annotations = (ingress?.metadata.annotations ?? {}) as Record<string, string>;
  for (const name of ["proxy-read-timeout", "proxy-send-timeout"]) {
    const seconds = Number(annotations[`nginx.ingress.kubernetes.io/${name}`] ?? 60);
    must(
      seconds > LIVE_SOCKET_OPTIONS.idleTimeout * 2,
      `Ingress clubnica: nginx.ingress.kubernetes.io/${name} must be over ${LIVE_SOCKET_OPTIONS.idleTimeout * 2} s (the live connection is quiet up to ${LIVE_SOCKET_OPTIONS.idleTimeout} s; docs/live.md)`,
    );
  }
  must(
    (find("HorizontalPodAutoscaler", "clubnica")?.spec as Json)?.minReplicas >= 2,
    "HPA with minReplicas >= 2",
  );
  must((find("PodDisruptionBudget", "clubnica")?.spec as Json)?.minAvailable >= 1, "PDB minAvailable >= 1");
  // The app migrates at start-up under an advisory lock; a Job with a fixed name would have to
  // be deleted by hand before every upgrade.
  must(!objects.some((o) => o.kind === "Job"), "no migration Job: the app migrates at start-up");
  for (const service of objects.filter((o) => o.kind === "Service")) {
    const exposed = ((service.spec as Json).ports ?? []).map((p: Json) => p.targetPort);
    must(!exposed.includes("metrics") && !exposed.includes(9464), `${key(service)} must not expose /metrics`);
  }
  checkBackups(objects, must);
  checkWorkers(objects, must);

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
  const clients = objects.filter((o) => o.kind === "Deployment" || o.kind === "CronJob");
  const appPods = clients.map(podLabels);
  for (const peer of from) {
    const match = (peer.podSelector?.matchLabels ?? {}) as Record<string, string>;
    must(!peer.namespaceSelector && !peer.ipBlock, "NetworkPolicy clubnica-database admits only pods");
    for (const labels of appPods) {
      must(
        Object.entries(match).every(([k, v]) => labels[k] === v),
        "NetworkPolicy clubnica-database must admit the app and backup pods",
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

/** Backups that work with current operators, at a quiet hour (Managua), with a retention. */
function checkBackups(objects: K8sObject[], must: (ok: unknown, message: string) => void) {
  const cluster = objects.find((o) => o.kind === "Cluster");
  if (cluster) {
    const spec = cluster.spec as Json;
    must(
      !spec.backup?.barmanObjectStore,
      "Cluster: spec.backup.barmanObjectStore is deprecated (CloudNativePG 1.26); use the Barman Cloud Plugin",
    );
    for (const backup of objects.filter((o) => o.kind === "ScheduledBackup")) {
      const b = backup.spec as Json;
      must(b.method === "plugin", `${key(backup)}: method plugin`);
      must(
        b.pluginConfiguration?.name === "barman-cloud.cloudnative-pg.io",
        `${key(backup)}: pluginConfiguration barman-cloud.cloudnative-pg.io`,
      );
      const archiver = (spec.plugins ?? []).find((p: Json) => p.isWALArchiver);
      must(archiver, "Cluster: a plugin archives the WAL when backups are on");
      const store = archiver?.parameters?.barmanObjectName;
      must(
        objects.some((o) => o.kind === "ObjectStore" && o.metadata.name === store),
        `Cluster: the WAL archiver's ObjectStore ${store} is in the output`,
      );
    }
    return;
  }
  const cron = objects.find((o) => o.kind === "CronJob" && o.metadata.name === "clubnica-backup");
  must(cron, "single PostgreSQL: the backup CronJob clubnica-backup");
  if (!cron) return;
  const spec = cron.spec as Json;
  must(
    spec.timeZone === "America/Managua" && spec.schedule === "0 2 * * *",
    "backup at 02:00 America/Managua",
  );
  must(spec.concurrencyPolicy === "Forbid", "backup CronJob: concurrencyPolicy Forbid");
  const pod = podSpec(cron) as Json;
  const container = pod.containers[0] as Json;
  must(String(container.command?.join(" ")).includes("pg_dump --format=custom"), "backup runs pg_dump -Fc");
  const retention = (container.env ?? []).find((e: Json) => e.name === "BACKUP_RETENTION_DAYS");
  must(Number(retention?.value) > 0, "backup CronJob: BACKUP_RETENTION_DAYS");
  const mount = (container.volumeMounts ?? []).find((m: Json) => m.mountPath === "/backups");
  const volume = (pod.volumes ?? []).find((v: Json) => v.name === mount?.name);
  const claim = volume?.persistentVolumeClaim?.claimName;
  must(
    objects.some((o) => o.kind === "PersistentVolumeClaim" && o.metadata.name === claim),
    "backup CronJob writes to its own PersistentVolumeClaim",
  );
}
