/**
 * The checks CI runs besides the tests (`bun scripts/test-all.ts --gates`, which `.ci/run` runs):
 * each reads the tree and writes nothing the others or the unit tests read; the build writes
 * dist/, which the browser and deployment stages then use (scripts/test-schedule.ts).
 */
import type { Gate, GateResult } from "./test-schedule";

const COMMANDS: { name: string; title: string; cmd: string[]; build?: boolean }[] = [
  { name: "lint", title: "lint", cmd: ["bun", "run", "lint"] },
  { name: "typecheck", title: "typecheck", cmd: ["bun", "run", "typecheck"] },
  { name: "k8s", title: "kubernetes manifests", cmd: ["bun", "scripts/validate-k8s.ts"] },
  { name: "compose", title: "compose file", cmd: ["bun", "scripts/validate-compose.ts"] },
  { name: "build", title: "production build", cmd: ["bun", "run", "build"], build: true },
];

async function runCommand(cmd: string[]): Promise<GateResult> {
  const startedAt = performance.now();
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { ok: code === 0, log: out + err, seconds: (performance.now() - startedAt) / 1000 };
}

/**
 * The gates, the build at full priority (the browser stage, the longest, waits for it) and the
 * others behind `nice` (they only have to end before the tests do).
 */
export function ciGates(nice: string[]): Gate[] {
  return COMMANDS.map(({ name, title, cmd, build }) => ({
    name,
    title,
    build,
    run: () => runCommand(build ? cmd : [...nice, ...cmd]),
  }));
}
