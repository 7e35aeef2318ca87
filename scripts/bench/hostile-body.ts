/**
 * A normal GET's latency while 2 clients send 200 KB of nested JSON to POST /signup, the attack
 * that took a GET from 0.5 ms to 3.6 s before bodies were scanned and limited (issue 15). The app
 * runs as its own process (`bun src/main.ts`) so the attackers and the measuring client do not
 * share its event loop. Prints p50/p99 without and with the attack, and the attackers' answers.
 *
 *   bun scripts/bench/hostile-body.ts          DURATION=10 (seconds per phase)
 */
import { freePort } from "../../src/lib/net";
import { BENCH_JWT_SECRET, formatLatency, startBenchPostgres } from "./support";

const DURATION_MS = Number(process.env.DURATION ?? 10) * 1000;
const pg = await startBenchPostgres();
const url = await pg.createDatabase(`bench_hostile_${process.pid}`);
const port = await freePort();
const app = Bun.spawn(["bun", "src/main.ts"], {
  cwd: `${import.meta.dir}/../..`,
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: url,
    JWT_SECRET: BENCH_JWT_SECRET,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SHUTDOWN_DELAY_MS: "0",
  },
  stdout: "ignore",
  stderr: "inherit",
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; i < 200; i++) {
    if (
      (await fetch(`${base}/readyz`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      break;
    await Bun.sleep(100);
  }

  async function measureGets(until: number): Promise<number[]> {
    const latencies: number[] = [];
    while (Date.now() < until) {
      const started = performance.now();
      const res = await fetch(`${base}/api/clubs?limit=20`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
    }
    return latencies.sort((a, b) => a - b);
  }

  const deep = new TextEncoder().encode(`{"username":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
  const answers = new Map<number | string, number>();
  /** Streams the 200 KB body in 16 KB chunks at about 0.33 MB/s, as in the report, again and again. */
  async function attacker(until: number, slow: boolean) {
    while (Date.now() < until) {
      let offset = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (offset >= deep.length) return controller.close();
          if (slow) await Bun.sleep(48);
          controller.enqueue(deep.subarray(offset, offset + 16_384));
          offset += 16_384;
        },
      });
      const status = await fetch(`${base}/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
        () => "reset",
      );
      answers.set(status, (answers.get(status) ?? 0) + 1);
    }
  }

  await measureGets(Date.now() + 1000);
  const quiet = await measureGets(Date.now() + DURATION_MS);
  console.log(`GET /api/clubs, no attack:              ${formatLatency(quiet)} (${quiet.length} requests)`);
  for (const slow of [true, false]) {
    answers.clear();
    const until = Date.now() + DURATION_MS;
    const attackers = [attacker(until, slow), attacker(until, slow)];
    const loaded = await measureGets(until);
    await Promise.all(attackers);
    const label = slow ? "2 clients at 0.33 MB/s" : "2 clients at full speed";
    console.log(`GET /api/clubs, ${label.padEnd(24)}${formatLatency(loaded)} (${loaded.length} requests)`);
    console.log(`  attackers' answers: ${[...answers].map(([s, n]) => `${s} × ${n}`).join(", ")}`);
  }
} finally {
  app.kill("SIGTERM");
  await app.exited;
  await pg.stop();
}
