import { readFileSync } from "node:fs";

/**
 * CPU time of processes from Linux's /proc, for the test profilers (test/cpu-profile.ts,
 * e2e/support/cpu-profile.ts): what a test costs the machine, which wall clock on a shared
 * two-core box does not say.
 */
const TICKS_PER_SECOND = 100;

function statFields(pid: number | "self"): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces: fields are counted from the state after it (field 3).
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** utime+stime of a process, plus what the children it waited for used (cutime+cstime), in ms. */
export function processCpuMs(pid: number | "self", withChildren = true): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return ((utime! + stime! + (withChildren ? cutime! + cstime! : 0)) * 1000) / TICKS_PER_SECOND;
}

export function parentPid(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : null;
}

function childPids(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return text ? text.split(" ").map(Number) : [];
  } catch {
    return [];
  }
}

/**
 * A process and all its live descendants, each with the children it already reaped: a
 * PostgreSQL cluster (the postmaster and its backends), a browser and its renderers.
 */
export function treeCpuMs(pid: number): number {
  let total = processCpuMs(pid, true);
  for (const child of childPids(pid)) total += treeCpuMs(child);
  return total;
}
