/**
 * Where the live sockets' memory goes (docs/capacity.md). The real server (startServer, as
 * production runs it) in this process, SOCKETS signed-in sockets following a club chat from a
 * client process (live-clients.ts); after a full collection before and after they connect,
 * prints RSS, the JavaScript heap and the object types that grew most. The measuring point is
 * RSS 3 s after the last socket followed (after full collections). For information only, it
 * also prints the highest RSS seen while the sockets signed in (sampled every 100 ms) and the
 * RSS again LATER_S seconds after the measuring point (the allocators give pages back late).
 * BREAKDOWN=1 adds the bytes of live cells per type, from two heap snapshots.
 *
 *   bun scripts/bench/live-memory.ts          (SOCKETS=10000 LATER_S=30 BREAKDOWN=0)
 */
import { heapSize, heapStats } from "bun:jsc";
import postgres from "postgres";
import { loadConfig } from "../../src/config";
import { createLogger } from "../../src/lib/logger";
import { freePort } from "../../src/lib/net";
import { startServer } from "../../src/server";
import { BENCH_JWT_SECRET, startBenchPostgres } from "./support";

const SOCKETS = Number(process.env.SOCKETS ?? 10_000);
const LATER_S = Number(process.env.LATER_S ?? 30);
const BREAKDOWN = process.env.BREAKDOWN === "1";

type Snapshot = {
  nodes: number[];
  nodeClassNames: string[];
  edges: number[];
  edgeTypes: string[];
  edgeNames: string[];
};

/**
 * From a heap snapshot (JavaScriptCore's: id, size, class, flags per node; from, to, type, name
 * per edge): bytes of live cells per type, and plain objects counted by their property names
 * (which says whose records they are).
 */
function cellBytes(): { bytes: Map<string, number>; shapes: Map<string, number> } {
  const snapshot = Bun.generateHeapSnapshot() as unknown as Snapshot;
  const bytes = new Map<string, number>();
  const objects = new Map<number, string[]>();
  for (let i = 0; i < snapshot.nodes.length; i += 4) {
    const type = snapshot.nodeClassNames[snapshot.nodes[i + 2]!]!;
    bytes.set(type, (bytes.get(type) ?? 0) + snapshot.nodes[i + 1]!);
    if (type === "Object" || type === "Array") objects.set(snapshot.nodes[i]!, [type]);
  }
  const property = snapshot.edgeTypes.indexOf("Property");
  for (let i = 0; i < snapshot.edges.length; i += 4) {
    const names = objects.get(snapshot.edges[i]!);
    if (names && snapshot.edges[i + 2] === property) names.push(snapshot.edgeNames[snapshot.edges[i + 3]!]!);
  }
  const shapes = new Map<string, number>();
  for (const [, names] of objects) {
    const shape = `${names[0]}{${names.slice(1).sort().slice(0, 6).join(",")}}`;
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  }
  return { bytes, shapes };
}

function grownOf(before: Map<string, number>, after: Map<string, number>, top: number) {
  return [...after]
    .map(([key, n]) => [key, n - (before.get(key) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
}

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
  const beforeCells = BREAKDOWN ? cellBytes() : null;
  const cpuBefore = process.cpuUsage();
  let peak = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    peakHeap = Math.max(peakHeap, heapSize());
  }, 100);
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
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  await Bun.sleep(3000);
  const after = await settle();
  console.log(
    `${SOCKETS} sockets, after full collections: RSS ${mb(before.rss)} → ${mb(after.rss)} (+${mb(after.rss - before.rss)}), heap ${mb(before.heap)} → ${mb(after.heap)} (+${mb(after.heap - before.heap)}), extra memory +${mb(after.extra - before.extra)}`,
  );
  if (BREAKDOWN) {
    const afterCells = cellBytes();
    const bytes = grownOf(beforeCells!.bytes, afterCells.bytes, 20);
    console.log(
      `live cell bytes added (per socket): ${bytes.map(([type, n]) => `${type} ${mb(n)} (${Math.round(n / SOCKETS)} B)`).join(", ")}`,
    );
    const shapes = grownOf(beforeCells!.shapes, afterCells.shapes, 12);
    console.log(
      `objects and arrays added, by property names: ${shapes.map(([shape, n]) => `${shape} ${n}`).join("; ")}`,
    );
  }
  const grown = Object.entries(after.types)
    .map(([type, count]) => [type, count - (before.types[type] ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25);
  console.log(
    `objects added (per socket): ${grown.map(([type, n]) => `${type} ${n} (${(n / SOCKETS).toFixed(1)})`).join(", ")}`,
  );
  console.log(
    `for information: this process's CPU while the sockets signed in (the server, and the bench's own signing and IPC): user ${(cpu.user / 1e6).toFixed(2)} s, system ${(cpu.system / 1e6).toFixed(2)} s`,
  );
  // Information only, not the measuring point above.
  await Bun.sleep(LATER_S * 1000);
  const later = await settle();
  console.log(
    `for information: peak RSS while signing in ${mb(peak)} (+${mb(peak - before.rss)}), peak heap ${mb(peakHeap)} (+${mb(peakHeap - before.heap)}); RSS ${LATER_S} s later, after full collections ${mb(later.rss)} (+${mb(later.rss - before.rss)})`,
  );
} finally {
  clients.send({ type: "close" });
  await clients.exited;
  await stop?.();
  await pg.stop();
}
