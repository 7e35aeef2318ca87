import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { repoRoot } from "../app-process";

/**
 * No Docker engine runs here, so this follows the Dockerfile itself, stage by stage, on the host:
 * each stage is a directory standing in for /app, `COPY` copies from the build context (minus
 * .dockerignore) or from an earlier stage, `RUN` runs with the host's bun. The last stage's
 * directory is what the image would hold, and its ENV, CMD and HEALTHCHECK are returned, so a
 * test starts the app exactly as the image does.
 */
export type SimulatedImage = {
  /** The directory the image's /app would hold. */
  root: string;
  env: Record<string, string>;
  cmd: string[];
  healthcheck: string[];
  /** USER of the last stage ("uid:gid"), or null for root. */
  user: string | null;
  /** LABELs of the last stage, build arguments substituted. */
  labels: Record<string, string>;
  remove: () => void;
};

type Instruction = { op: string; args: string };

function parseDockerfile(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, " ");
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [op = "", ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(" ") };
    });
}

function ignoreFilter(): (path: string) => boolean {
  const patterns = readFileSync(join(repoRoot, ".dockerignore"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const regexes = patterns.map((p) => {
    const re = p
      .replace(/[.+^${}()|[\]]/g, "\\$&")
      .replace(/\*\*\//g, "\0")
      .replace(/\*/g, "[^/]*")
      .replace(/\0/g, "(.*/)?");
    return new RegExp(`^${re}(/.*)?$`);
  });
  return (path) => {
    const rel = relative(repoRoot, path);
    return rel === "" || !regexes.some((re) => re.test(rel));
  };
}

function parseEnv(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of args.split(/\s+/)) {
    const [key, ...value] = pair.split("=");
    if (key && value.length) env[key] = value.join("=");
  }
  return env;
}

/** The browser bundle can be built once the build script and the client entry both exist. */
export function clientBuildable(): boolean {
  return ["scripts/build-client.ts", "client/entry-client.tsx"].every((p) => existsSync(join(repoRoot, p)));
}

export function buildSimulatedImage(): SimulatedImage {
  const work = mkdtempSync(join(tmpdir(), "clubnica-image-"));
  try {
    return buildStages(work);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

function buildStages(work: string): SimulatedImage {
  const include = ignoreFilter();
  const stages = new Map<string, string>();
  let stageDir = "";
  const args: Record<string, string> = {};
  let env: Record<string, string> = {};
  let cmd: string[] = [];
  let healthcheck: string[] = [];
  let user: string | null = null;
  let labels: Record<string, string> = {};
  const substitute = (s: string) => s.replace(/\$\{?(\w+)\}?/g, (_, k: string) => args[k] ?? env[k] ?? "");

  for (const { op, args: raw } of parseDockerfile(readFileSync(join(repoRoot, "Dockerfile"), "utf8"))) {
    if (op === "ARG") {
      const [k, v = ""] = raw.split("=");
      if (k) args[k] = v;
    } else if (op === "FROM") {
      const name = /\bAS\s+(\S+)/i.exec(raw)?.[1] ?? `stage${stages.size}`;
      stageDir = join(work, name);
      mkdirSync(stageDir, { recursive: true });
      stages.set(name, stageDir);
      env = {};
      user = null;
      labels = {};
    } else if (op === "WORKDIR") {
      if (raw !== "/app") throw new Error(`only WORKDIR /app is simulated, not ${raw}`);
    } else if (op === "ENV") {
      env = { ...env, ...parseEnv(raw) };
    } else if (op === "COPY") {
      const parts = raw.split(/\s+/).filter((p) => !p.startsWith("--chown") && !p.startsWith("--chmod"));
      const from = parts[0]?.startsWith("--from=") ? parts.shift()?.slice("--from=".length) : null;
      const dest = parts.pop() ?? ".";
      for (const source of parts) {
        if (from) {
          const fromDir = stages.get(from);
          if (!fromDir) throw new Error(`COPY --from=${from}: no such stage`);
          const src = join(fromDir, source.replace(/^\/app\/?/, ""));
          // Hard links: the stages are throw-away, and copying node_modules takes seconds.
          const target = join(stageDir, dest);
          mkdirSync(dirname(target), { recursive: true });
          const link = Bun.spawnSync(["cp", "-al", src, target], { stderr: "pipe" });
          if (link.exitCode !== 0) cpSync(src, target, { recursive: true, verbatimSymlinks: true });
        } else {
          const src = join(repoRoot, source);
          if (!include(src)) throw new Error(`COPY ${source}: excluded by .dockerignore`);
          const target = dest.endsWith("/") ? join(stageDir, dest, source) : join(stageDir, dest);
          cpSync(src, target, { recursive: true, filter: include });
        }
      }
    } else if (op === "RUN") {
      if (raw === "bun run build" && process.env.CLUBNICA_SHARED_BUILD === "1") {
        // CI builds once (.ci/run) and shares that build with the image and the browser tests:
        // the same sources, so the stage takes the repository's dist/ instead of building again.
        if (!existsSync(join(repoRoot, "dist", "server"))) {
          throw new Error(
            "CLUBNICA_SHARED_BUILD=1 but the repository has no dist/: run `bun run build` first",
          );
        }
        const link = Bun.spawnSync(["cp", "-al", join(repoRoot, "dist"), join(stageDir, "dist")], {
          stderr: "pipe",
        });
        if (link.exitCode !== 0) cpSync(join(repoRoot, "dist"), join(stageDir, "dist"), { recursive: true });
        continue;
      }
      if (raw === "bun run build" && !clientBuildable()) {
        // The browser app is not in this tree yet: the stage still yields an (empty) dist.
        mkdirSync(join(stageDir, "dist"), { recursive: true });
        continue;
      }
      const run = Bun.spawnSync(["sh", "-c", substitute(raw)], {
        cwd: stageDir,
        env: { ...process.env, ...env },
        stdout: "pipe",
        stderr: "pipe",
      });
      if (run.exitCode !== 0) {
        throw new Error(`RUN ${raw} failed:\n${run.stdout.toString()}${run.stderr.toString()}`);
      }
    } else if (op === "LABEL") {
      for (const [, k, v] of raw.matchAll(/([\w.-]+)="([^"]*)"/g))
        labels[k as string] = substitute(v as string);
    } else if (op === "USER") {
      user = raw;
    } else if (op === "CMD") {
      cmd = JSON.parse(raw);
    } else if (op === "HEALTHCHECK") {
      healthcheck = JSON.parse(raw.slice(raw.indexOf("CMD") + 3).trim());
    }
  }
  if (!existsSync(stageDir)) throw new Error("Dockerfile has no stage");
  // mkdtemp makes the directory private; the image's files are readable by everyone.
  chmodSync(work, 0o755);
  return {
    root: stageDir,
    env,
    cmd,
    healthcheck,
    user,
    labels,
    remove: () => rmSync(work, { recursive: true, force: true }),
  };
}
