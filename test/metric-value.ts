import { renderMetrics } from "../src/lib/metrics";

/** A counter or gauge without labels as /metrics shows it now (0 while it has no sample). */
export async function metricValue(name: string): Promise<number> {
  const line = (await renderMetrics()).split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}
