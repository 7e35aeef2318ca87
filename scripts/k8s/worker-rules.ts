import type { K8sObject } from "../kustomize-lite";
import type { Json } from "./report";

type Must = (ok: unknown, message: string) => void;

function appContainer(o: K8sObject | undefined): Json | undefined {
  const pod = (o?.spec as Json | undefined)?.template?.spec as Json | undefined;
  return ((pod?.containers ?? []) as Json[]).find((c) => c.name === "clubnica");
}

const envOf = (container: Json | undefined, name: string) =>
  ((container?.env ?? []) as Json[]).find((e) => e.name === name);

/**
 * The job workers run somewhere, and only where meant: web pods with JOB_WORKERS=off need
 * worker pods; worker pods (JOB_WORKERS=on, off the Service) read the same database as the web.
 */
export function checkWorkers(objects: K8sObject[], must: Must) {
  const find = (name: string) => objects.find((o) => o.kind === "Deployment" && o.metadata.name === name);
  const web = find("clubnica");
  const worker = find("clubnica-worker");
  const webOff = envOf(appContainer(web), "JOB_WORKERS")?.value === "off";
  const workerReplicas = Number((worker?.spec as Json | undefined)?.replicas ?? 0);
  must(!webOff || workerReplicas >= 1, "JOB_WORKERS=off in the web pods needs clubnica-worker replicas");
  must(workerReplicas === 0 || webOff, "clubnica-worker replicas need JOB_WORKERS=off in the web pods");
  if (!worker) return;
  const app = appContainer(worker);
  must(envOf(app, "JOB_WORKERS")?.value === "on", "Deployment clubnica-worker: JOB_WORKERS=on");
  must(
    JSON.stringify(envOf(app, "DATABASE_URL")?.valueFrom) ===
      JSON.stringify(envOf(appContainer(web), "DATABASE_URL")?.valueFrom),
    "Deployment clubnica-worker: DATABASE_URL from the same secret as the web pods",
  );
  const labels = ((worker.spec as Json).template.metadata.labels ?? {}) as Record<string, string>;
  const service = objects.find((o) => o.kind === "Service" && o.metadata.name === "clubnica");
  const selector = ((service?.spec as Json | undefined)?.selector ?? {}) as Record<string, string>;
  must(
    !Object.entries(selector).every(([k, v]) => labels[k] === v),
    "Service clubnica must not send requests to the worker pods",
  );
}
