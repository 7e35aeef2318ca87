/**
 * How busy the machine's cores are over a CI run (or any command): samples Linux's /proc/stat
 * (the whole machine) and the command's process tree (test/proc-cpu.ts) every few seconds, and
 * prints the schedule (each `== …` line of the command with the second it came) and a timeline
 * of cores in use, then the idle share: the core-seconds the run left unused.
 *
 *   bun scripts/bench/ci-timeline.ts [--every=2] [--window=30] [-- command …]
 *
 * The command defaults to `bun scripts/test-all.ts --gates` (what .ci/run runs after installing);
 * TEST_STAGES and the other variables of scripts/test-all.ts narrow it to a sample. On a shared
 * machine the "others" column is everyone else's CPU; read the run's own column, and `uptime`.
 */
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { processCpuMs, treeCpuMs } from "../../test/proc-cpu";

const args = process.argv.slice(2);
const dash = args.indexOf("--");
const options = dash === -1 ? args : args.slice(0, dash);
const command = dash === -1 ? ["bun", "scripts/test-all.ts", "--gates"] : args.slice(dash + 1);
const option = (name: string, fallback: number) =>
  Number(options.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const everyS = option("every", 2);
const windowS = option("window", 30);
const cores = cpus().length;

/** Busy and total jiffies of all cores together (the first line of /proc/stat). */
function machineJiffies(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + (steal ?? 0);
  return { busy, total: busy + idle! + iowait! };
}

const uptime = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`ci-timeline: ${command.join(" ")} (${cores} cores, load ${uptime()})`);

type Sample = { at: number; runMs: number; machineBusy: number; machineTotal: number };
const samples: Sample[] = [];
const events: { at: number; line: string }[] = [];
const startedAt = performance.now();
const cpuBefore = processCpuMs("self");
const seconds = () => (performance.now() - startedAt) / 1000;

const proc = Bun.spawn(command, { stdout: "pipe", stderr: "inherit", env: process.env });
const sample = () => {
  const machine = machineJiffies();
  samples.push({
    at: seconds(),
    // The command's live tree with what each process already reaped, plus what this process reaped.
    runMs: treeCpuMs(proc.pid) + processCpuMs("self") - cpuBefore,
    machineBusy: machine.busy,
    machineTotal: machine.total,
  });
};
sample();
const timer = setInterval(sample, everyS * 1000);

// The command's output passes through; its section lines are stamped with the second they came.
const decoder = new TextDecoder();
let pending = "";
for await (const chunk of proc.stdout) {
  pending += decoder.decode(chunk, { stream: true });
  let newline = pending.indexOf("\n");
  while (newline !== -1) {
    const line = pending.slice(0, newline);
    pending = pending.slice(newline + 1);
    if (line.startsWith("== ")) events.push({ at: seconds(), line });
    console.log(line);
    newline = pending.indexOf("\n");
  }
}
if (pending) console.log(pending);
const code = await proc.exited;
clearInterval(timer);
sample();
const wallS = seconds();
// Everything the command started has been waited for by now: its whole CPU.
const runCpuS = (processCpuMs("self") - cpuBefore) / 1000;

const first = samples[0]!;
const last = samples.at(-1)!;
const machineBusyS =
  ((last.machineBusy - first.machineBusy) / (last.machineTotal - first.machineTotal)) * cores * wallS;

console.log(`\n== schedule (seconds into the run)`);
for (const event of events) console.log(`${event.at.toFixed(0).padStart(5)}  ${event.line}`);

console.log(
  `\n== cores in use per ${windowS} s (run = this command's processes; others = the rest of the machine)`,
);
console.log("    from      run   others    idle  run's cores");
for (let from = 0; from < wallS; from += windowS) {
  const inWindow = samples.filter((s) => s.at >= from && s.at <= from + windowS);
  const a = inWindow[0];
  const b = inWindow.at(-1);
  if (!a || !b || b.at - a.at <= 0) continue;
  const span = b.at - a.at;
  // A process that ended but is not yet reaped drops out of the tree until its parent waits for it.
  const run = Math.max(0, (b.runMs - a.runMs) / 1000 / span);
  const machine = ((b.machineBusy - a.machineBusy) / (b.machineTotal - a.machineTotal)) * cores;
  const others = Math.max(0, machine - run);
  const idle = Math.max(0, cores - machine);
  const bar = "#".repeat(Math.round(run * 10)).padEnd(cores * 10, ".");
  console.log(
    `${from.toFixed(0).padStart(7)} s ${run.toFixed(2).padStart(7)} ${others.toFixed(2).padStart(8)} ${idle.toFixed(2).padStart(7)}  ${bar}`,
  );
}

const available = cores * wallS;
console.log(`\n== summary (load ${uptime()})`);
console.log(`wall ${wallS.toFixed(0)} s, ${available.toFixed(0)} core-seconds on ${cores} cores`);
console.log(
  `run's CPU ${runCpuS.toFixed(0)} s: ${((100 * runCpuS) / available).toFixed(0)} % of the cores, ${(100 - (100 * runCpuS) / available).toFixed(0)} % idle for the run`,
);
console.log(
  `whole machine busy ${machineBusyS.toFixed(0)} core-seconds (${((100 * machineBusyS) / available).toFixed(0)} %; others' share ${Math.max(0, machineBusyS - runCpuS).toFixed(0)} s)`,
);
console.log(`the same CPU perfectly packed: ${(runCpuS / cores).toFixed(0)} s of wall`);
process.exit(code);
