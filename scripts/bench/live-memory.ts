/**
 * Where the live sockets' memory goes (docs/capacity.md). The real server (startServer, as
 * production runs it) in this process, SOCKETS signed-in sockets following a club chat from a
 * client process (live-clients.ts); after a full collection before and after they connect,
 * prints RSS, the JavaScript heap and the object types that grew most.
 *
 *   bun scripts/bench/live-memory.ts          (SOCKETS=10000)
 */
import { heapStats } from "bun:jsc";
import postgres from "postgres";
import { loadConfig } from "../../src/config";
import { createLogger } from "../../src/lib/logger";
import { freePort } from "../../src/lib/net";
import { startServer } from "../../src/server";
import { BENCH_JWT_SECRET, startBenchPostgres } from "./support";

const SOCKETS = Number(process.env.SOCKETS ?? 10_000);

function sign(claims: Record<string, unknown>): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const exp = Math.floor(Date.now() / 1000) + 7200;
  const body = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ ...claims, exp, jti: crypto.randomUUID() })}`;
  const signature = new Bun.CryptoHasher("sha256", BENCH_JWT_SECRET).update(body).digest("base64url");
  return `${body}.${signature}`;
}

async function settle() {
  for (let i = 0; i < 3; i++) {
    Bun.gc(true);
    await Bun.sleep(500);
  }
  const stats = heapStats();
  return {
    rss: process.memoryUsage().rss,
    heap: stats.heapSize,
    extra: stats.extraMemorySize,
    types: stats.objectTypeCounts,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pg = await startBenchPostgres();
let stop: (() => Promise<void>) | null = null;
const clients = Bun.spawn(["bun", `${import.meta.dir}/live-clients.ts`], {
  stdout: "inherit",
  stderr: "inherit",
  ipc(message) {
    connected(message);
  },
});
let connected: (message: unknown) => void = () => {};
try {
  const databaseUrl = await pg.createDatabase(`bench_live_memory_${process.pid}`);
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const people = await sql<{ id: number }[]>`
    insert into users (username, password_hash, first_name, last_name)
    select 'live_' || g, 'x', 'Estudiante', 'N' || g from generate_series(1, ${SOCKETS}) g returning id`;
  const [club] = await sql<{ id: number }[]>`
    insert into clubs (name, description) values ('Club en vivo', 'bench') returning id`;
  await sql`insert into club_members (club_id, user_id) select ${club!.id}, unnest(${people.map((p) => p.id)}::int[])`;
  await sql.end();
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    JWT_SECRET: BENCH_JWT_SECRET,
    HOST: "127.0.0.1",
    PORT: String(await freePort()),
    LOG_LEVEL: "warn",
    SHUTDOWN_DELAY_MS: "0",
    DATA_DIR: `/tmp/clubnica-bench-memory-${process.pid}`,
  });
  const server = await startServer(config, createLogger("warn"));
  stop = server.stop;
  await Bun.sleep(2000);
  const before = await settle();
  const done = new Promise((resolve) => {
    connected = resolve;
  });
  clients.send({
    type: "connect",
    url: `${server.url.replace(/^http/, "ws")}/api/live`,
    sockets: people.map((p, i) => ({
      token: sign({ sub: `live_${i + 1}`, id: p.id, role: "member", ver: 0 }),
      conversation: `club:${club!.id}`,
    })),
  });
  console.log(JSON.stringify(await done));
  await Bun.sleep(3000);
  const after = await settle();
  console.log(
    `${SOCKETS} sockets, after full collections: RSS ${mb(before.rss)} → ${mb(after.rss)} (+${mb(after.rss - before.rss)}), heap ${mb(before.heap)} → ${mb(after.heap)} (+${mb(after.heap - before.heap)}), extra memory +${mb(after.extra - before.extra)}`,
  );
  const grown = Object.entries(after.types)
    .map(([type, count]) => [type, count - (before.types[type] ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25);
  console.log(
    `objects added (per socket): ${grown.map(([type, n]) => `${type} ${n} (${(n / SOCKETS).toFixed(1)})`).join(", ")}`,
  );
} finally {
  clients.send({ type: "close" });
  await clients.exited;
  await stop?.();
  await pg.stop();
}
