/**
 * Server rendering of /clubs, one request at a time: wall time and where it goes (the page's
 * in-process API calls vs the router and React), for scripts and profiles.
 *
 *   bun run build && DATABASE_URL=postgres://… bun scripts/bench/ssr.ts       (REQUESTS=300)
 *   bun --cpu-prof scripts/bench/ssr.ts                                       (then open the profile)
 *
 * Needs a migrated database with clubs in it (the perf harness's, or `bun run seed`'s).
 */
import { createBenchApp, formatLatency } from "./support";

const REQUESTS = Number(process.env.REQUESTS ?? 300);
const PATH = process.env.PAGE ?? "/clubs";
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL (a migrated database with clubs) is required");

const { app, client } = createBenchApp(url, "production");
await app.modules;

async function timeAll(label: string, path: string) {
  const times: number[] = [];
  let cpu = 0;
  let bytes = 0;
  for (let i = 0; i < REQUESTS + 20; i++) {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const res = await app.handle(new Request(`http://localhost${path}`));
    bytes = (await res.arrayBuffer()).byteLength;
    const used = process.cpuUsage(cpuStart);
    if (i >= 20) {
      times.push(performance.now() - started);
      cpu += used.user + used.system;
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(28)} ${formatLatency(times)} | CPU ${(cpu / REQUESTS).toFixed(0).padStart(5)} µs/request (process, incl. driver) | ${bytes} bytes`,
  );
}

try {
  await timeAll(`GET ${PATH}`, PATH);
  await timeAll("GET /api/clubs?limit=24", "/api/clubs?limit=24");
  await timeAll("GET /api/clubs/tags", "/api/clubs/tags");
} finally {
  await client.close();
}
