import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { parse } from "yaml";
import { kustomize } from "../kustomize-lite";

type Json = Record<string, any>;

const SECRET_LIKE = /SECRET|PASSWORD|TOKEN|DATABASE_URL|SMTP_URL|KEY/;

/** The variables a Compose file interpolates: ${NAME}, ${NAME:-default}, ${NAME:?error}. */
export function interpolatedNames(text: string): string[] {
  const names = new Set<string>();
  for (const [, name] of text.matchAll(/(?<!\$)\$\{([A-Z_][A-Z0-9_]*)/g)) if (name) names.add(name);
  return [...names].sort();
}

/**
 * compose.yaml against the Compose Specification's JSON schema (schemas/compose-spec.json) and
 * the promises of the one-server install. Returns the problems found (empty when all is well).
 */
export function checkCompose(root: string, k8sDir = join(root, "k8s")): string[] {
  const problems: string[] = [];
  const must = (ok: unknown, message: string) => {
    if (!ok) problems.push(message);
  };
  const text = readFileSync(join(root, "compose.yaml"), "utf8");
  const compose = parse(text) as Json;

  const schema = JSON.parse(readFileSync(join(root, "schemas/compose-spec.json"), "utf8"));
  // The schema names its draft by an https URL Ajv does not resolve offline; the draft-07 rules apply.
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
  const validate = ajv.compile(schema);
  if (!validate(compose)) {
    for (const e of validate.errors ?? []) {
      problems.push(`compose.yaml${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
    }
  }

  const services = (compose.services ?? {}) as Record<string, Json>;
  const app = services.app ?? {};
  const db = services.db ?? {};
  must(app.build, "service app is built from the Dockerfile (build:)");
  must(/^postgres:18(\.|$)/.test(String(db.image)), "service db runs postgres:18");
  must(
    (db.volumes ?? []).some((v: string) => (String(v).split(":")[0] ?? "") in (compose.volumes ?? {})),
    "service db keeps its data in a named volume",
  );
  must(app.depends_on?.db?.condition === "service_healthy", "app waits for a healthy db");
  for (const [name, service] of Object.entries(services)) {
    const longRunning = !service.profiles;
    if (longRunning) {
      must(service.healthcheck?.test, `service ${name}: healthcheck`);
      must(["always", "unless-stopped"].includes(service.restart), `service ${name}: restart policy`);
    }
    for (const [key, value] of Object.entries((service.environment ?? {}) as Record<string, string>)) {
      if (SECRET_LIKE.test(key) && value) {
        must(String(value).includes("${"), `service ${name}: ${key} must come from .env, not the file`);
      }
    }
  }
  must(
    !(app.ports ?? []).some((p: string) => String(p).includes("9464")),
    "service app must not publish /metrics",
  );

  const example = join(root, ".env.example");
  must(existsSync(example), ".env.example exists");
  const documented = existsSync(example)
    ? new Set(
        readFileSync(example, "utf8")
          .split("\n")
          .map((line) => /^([A-Z_][A-Z0-9_]*)=/.exec(line)?.[1])
          .filter(Boolean),
      )
    : new Set();
  for (const name of interpolatedNames(text)) must(documented.has(name), `.env.example lacks ${name}`);
  must(readFileSync(join(root, ".gitignore"), "utf8").split("\n").includes(".env"), ".env is git-ignored");

  // One backup script: the compose service runs exactly what the Kubernetes CronJob runs.
  const cron = kustomize(join(k8sDir, "overlays/single-postgres")).find((o) => o.kind === "CronJob");
  const cronCommand = (cron?.spec as Json)?.jobTemplate.spec.template.spec.containers[0].command;
  const composeCommand = (services.backup?.command ?? []).map((part: string) => part.replaceAll("$$", "$"));
  must(
    JSON.stringify(composeCommand) === JSON.stringify(cronCommand),
    "service backup must run the same command as the CronJob clubnica-backup",
  );
  return problems;
}
