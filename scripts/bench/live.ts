/**
 * The live connection at scale (issue 48; method and figures in docs/capacity.md). One app
 * process (app-server.ts: `bun src/main.ts`, production; run `bun run build` first so it runs
 * the bundle) holds SOCKETS signed-in WebSockets, each following its club's chat, while RATE
 * messages a second are sent through the REST API (`POST /api/messages/club/{id}`) into clubs
 * of 50 to 2,000 members for DURATION seconds. Prints:
 * - send-to-receive p50/p99 over every delivery (the POST's start to the frame's arrival);
 * - the app's RSS before and after the sockets connect;
 * - the API's p50/p99 for the sends meanwhile, and the app's CPU (during the sends, and from the
 *   first send to the last delivery per message and per delivery);
 * - the app's NOTIFY lag during the load (its /metrics histogram, notify-lag.ts);
 * - the frames the sockets received, by type;
 * - with TIMELINE=1, the API's p50 and send-to-receive p99 per second of the load;
 * - bytes on the wire for one open chat left idle IDLE_MINUTES, live against polling
 *   (live-idle.ts says what is counted).
 *
 *   ulimit -n 20000 && bun scripts/bench/live.ts
 *   SOCKETS=10000 RATE=100 DURATION=30 IDLE_MINUTES=10 CLIENT_PROCESSES=2
 *   CLUB_SIZES=2000,1000,… (repeated until every socket's person is in one club)
 *
 * The sockets run in CLIENT_PROCESSES processes of their own (live-clients.ts), all from
 * 127.0.0.1 (nothing on /api/live is limited per address); their tokens are signed here with the
 * app's JWT secret, not got by logging in. Each person is in one club and follows its chat, so a
 * message to a club of N members is N deliveries. The messages go round the clubs, one sender
 * per club; the app's per-account and per-address message limits are raised for the run.
 * Figures, not a test.
 */
import postgres from "postgres";
import { startBenchServer } from "./app-server";
import { measureIdleChat } from "./live-idle";
import { startNotifyLag } from "./notify-lag";
import { BENCH_JWT_SECRET, percentile, startBenchPostgres } from "./support";

const SOCKETS = Number(process.env.SOCKETS ?? 10_000);
const RATE = Number(process.env.RATE ?? 100);
const DURATION_S = Number(process.env.DURATION ?? 30);
const IDLE_MINUTES = Number(process.env.IDLE_MINUTES ?? 10);
const CLIENT_PROCESSES = Number(process.env.CLIENT_PROCESSES ?? 2);
/** Seconds at the load's start also reported apart (first statements, first message to each club). */
const WARMUP_S = Number(process.env.WARMUP ?? 5);
/** A school's long tail: a few big clubs, many small ones (47 clubs, 10,000 members). */
const DEFAULT_SIZES = [
  [2000, 1],
  [1000, 2],
  [500, 4],
  [200, 10],
  [100, 10],
  [50, 20],
].flatMap(([size, count]) => Array<number>(count!).fill(size!));
const CLUB_SIZES = process.env.CLUB_SIZES ? process.env.CLUB_SIZES.split(",").map(Number) : DEFAULT_SIZES;

function sign(claims: Record<string, unknown>): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const exp = Math.floor(Date.now() / 1000) + 7200;
  const body = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ ...claims, exp, jti: crypto.randomUUID() })}`;
  const signature = new Bun.CryptoHasher("sha256", BENCH_JWT_SECRET).update(body).digest("base64url");
  return `${body}.${signature}`;
}

/** One quantile of each second's figures, rounded, on one line. */
const quantilePerSecond = (seconds: number[][], q: number) =>
  seconds
    .map((values) =>
      percentile(
        values.sort((a, b) => a - b),
        q,
      ).toFixed(0),
    )
    .join(" ");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const load = async () => (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");

type Report = {
  lags: number[];
  sentAts: number[];
  delivered: number;
  frames: Record<string, number>;
  closed: number;
};

/** One process of sockets (live-clients.ts) and a way to ask it for its figures. */
function spawnClients() {
  const waiting: ((message: unknown) => void)[] = [];
  const child = Bun.spawn(["bun", `${import.meta.dir}/live-clients.ts`], {
    stdout: "inherit",
    stderr: "inherit",
    ipc(message) {
      waiting.shift()?.(message);
    },
  });
  const ask = <T>(command: unknown) =>
    new Promise<T>((resolve) => {
      waiting.push(resolve as (message: unknown) => void);
      child.send(command);
    });
  return { child, ask };
}

async function seed(sql: postgres.Sql) {
  const sizes: number[] = [];
  for (let total = 0; total < SOCKETS; ) {
    const size = Math.min(CLUB_SIZES[sizes.length % CLUB_SIZES.length]!, SOCKETS - total);
    sizes.push(size);
    total += size;
  }
  const people = await sql<{ id: number }[]>`
    insert into users (username, password_hash, first_name, last_name)
    select 'live_' || g, 'x', 'Estudiante', 'N' || g from generate_series(1, ${SOCKETS}) g
    returning id`;
  const clubs: { id: number; size: number; members: { id: number; index: number }[] }[] = [];
  let next = 0;
  for (const [i, size] of sizes.entries()) {
    const [club] = await sql<{ id: number }[]>`
      insert into clubs (name, description) values (${`Club en vivo ${i + 1}`}, 'bench') returning id`;
    const members = people.slice(next, next + size).map((p, k) => ({ id: p.id, index: next + k + 1 }));
    await sql`insert into club_members (club_id, user_id) select ${club!.id}, unnest(${members.map((p) => p.id)}::int[])`;
    clubs.push({ id: club!.id, size, members });
    next += size;
  }
  await sql`update clubs c set member_count = (select count(*) from club_members m where m.club_id = c.id)`;
  await sql`vacuum analyze`;
  const tokenOf = (member: { id: number; index: number }) =>
    sign({ sub: `live_${member.index}`, id: member.id, role: "member", ver: 0 });
  return { clubs, tokenOf };
}

/**
 * With PROFILE=1 and a server that preloads pg_stat_statements (TEST_DATABASE_URL), the
 * statements the load ran: where a message's fan-out spends the database's time.
 */
async function startStatementCount(sql: postgres.Sql) {
  const on =
    process.env.PROFILE === "1" &&
    (await sql`create extension if not exists pg_stat_statements`.then(
      () => sql`select pg_stat_statements_reset()`.then(() => true),
      () => false,
    ));
  return {
    async print(messages: number) {
      if (!on) return;
      const rows = await sql<{ calls: number; ms: number; query: string }[]>`
        select calls::int, total_exec_time::float as ms, query
        from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
        order by total_exec_time desc limit 25`;
      console.log(`statements during the load (per message: calls / ms):`);
      for (const row of rows)
        console.log(
          `  ${(row.calls / messages).toFixed(1).padStart(8)} ${(row.ms / messages).toFixed(2).padStart(8)}  ${row.query.replace(/\s+/g, " ").slice(0, 110)}`,
        );
    },
  };
}

const pg = await startBenchPostgres();
let stopApp: (() => Promise<void>) | null = null;
const children: ReturnType<typeof spawnClients>[] = [];
try {
  const databaseUrl = await pg.createDatabase(`bench_live_${process.pid}`);
  const sql = postgres(databaseUrl, { max: 4, onnotice: () => {} });
  const { clubs, tokenOf } = await seed(sql);
  console.log(
    `live: ${SOCKETS} people in ${clubs.length} clubs of ${Math.min(...clubs.map((c) => c.size))}–${Math.max(...clubs.map((c) => c.size))} members; ${RATE} messages/s for ${DURATION_S} s (${((RATE * SOCKETS) / clubs.length).toFixed(0)} deliveries/s expected); load ${await load()}`,
  );
  const metricsToken = crypto.randomUUID();
  const app = await startBenchServer({
    databaseUrl,
    jwtSecret: BENCH_JWT_SECRET,
    env: {
      RATE_MESSAGES_PER_ACCOUNT: "1000000/1h",
      RATE_MESSAGES_PER_ADDRESS: "1000000/1h",
      METRICS_TOKEN: metricsToken,
    },
  });
  stopApp = app.stop;
  await Bun.sleep(3000);
  const rssBefore = app.rss();

  // Every socket signs in and follows its club's chat, spread over the client processes.
  const assignments = clubs.flatMap((club) =>
    club.members.map((member) => ({ token: tokenOf(member), conversation: `club:${club.id}` })),
  );
  for (let i = 0; i < CLIENT_PROCESSES; i++) children.push(spawnClients());
  const connected = await Promise.all(
    children.map(({ ask }, i) =>
      ask<{ ms: number; failed: number }>({
        type: "connect",
        url: `ws://127.0.0.1:${app.port}/api/live`,
        sockets: assignments.filter((_, k) => k % CLIENT_PROCESSES === i),
      }),
    ),
  );
  await Bun.sleep(3000);
  const rssAfter = app.rss();
  const failed = connected.reduce((sum, c) => sum + c.failed, 0);
  console.log(
    `live: ${SOCKETS - failed} sockets signed in and following (${failed} failed) in ${(Math.max(...connected.map((c) => c.ms)) / 1000).toFixed(1)} s; app RSS ${mb(rssBefore)} before, ${mb(rssAfter)} after (+${mb(rssAfter - rssBefore)})`,
  );

  // RATE messages a second, open loop, round the clubs (one sender each: its first member, with
  // one token for all its sends, as a phone keeps its session; a token per send missed the
  // app's session memo and cost a statement per message).
  const senderTokens = new Map(clubs.map((club) => [club.id, tokenOf(club.members[0]!)]));
  const apiLatencies: number[] = [];
  const statuses = new Map<number, number>();
  let expected = 0;
  const sends: Promise<void>[] = [];
  const statements = await startStatementCount(sql);
  const notifyLag = await startNotifyLag(app.url, metricsToken);
  const cpuBefore = app.cpuSeconds();
  const loadStarted = performance.now();
  // TIMELINE=1: the API's median per second of the load, to tell a backlog from a steady cost.
  const apiTimes: [number, number][] = [];
  const timeline = Array.from({ length: DURATION_S + 1 }, () => [] as number[]);
  for (let i = 0; performance.now() - loadStarted < DURATION_S * 1000; i++) {
    const wait = loadStarted + (i * 1000) / RATE - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    const club = clubs[i % clubs.length]!;
    const started = performance.now();
    const sentAt = (performance.timeOrigin + started).toFixed(3);
    sends.push(
      fetch(`${app.url}/api/messages/club/${club.id}`, {
        method: "POST",
        headers: { authorization: `Bearer ${senderTokens.get(club.id)}`, "content-type": "application/json" },
        // A client_id on every send, as the app's outbox sends it (a retry is then safe).
        body: JSON.stringify({ content: `bench ${sentAt}`, client_id: crypto.randomUUID() }),
      }).then(async (res) => {
        await res.arrayBuffer();
        apiLatencies.push(performance.now() - started);
        apiTimes.push([started, performance.now() - started]);
        timeline[Math.floor((started - loadStarted) / 1000)]?.push(performance.now() - started);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) expected += club.size;
      }),
    );
  }
  await Promise.all(sends);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const cpuLoad = app.cpuSeconds() - cpuBefore;
  const loadAtEnd = await load();
  // Deliveries still under way finish; then every process reports.
  let reports: Report[] = [];
  for (let waited = 0; waited < 60; waited++) {
    await Bun.sleep(1000);
    reports = await Promise.all(children.map(({ ask }) => ask<Report>({ type: "report" })));
    if (reports.reduce((sum, r) => sum + r.delivered, 0) >= expected) break;
  }
  // The app's CPU from the first send to the last delivery: what one message costs it in all.
  const cpuAll = app.cpuSeconds() - cpuBefore;
  const lags = reports.flatMap((r) => r.lags).sort((a, b) => a - b);
  const delivered = reports.reduce((sum, r) => sum + r.delivered, 0);
  const closed = reports.reduce((sum, r) => sum + r.closed, 0);
  apiLatencies.sort((a, b) => a - b);
  const sent = apiLatencies.length;
  console.log(
    `live: ${sent} messages in ${loadSeconds.toFixed(1)} s (answers ${JSON.stringify(Object.fromEntries(statuses))}), ${delivered} of ${expected} deliveries, ${closed} sockets closed; send-to-receive p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms, max ${(lags.at(-1) ?? 0).toFixed(0)} ms; API p50 ${percentile(apiLatencies, 50).toFixed(1)} ms, p99 ${percentile(apiLatencies, 99).toFixed(1)} ms; app CPU ${((cpuLoad / loadSeconds) * 100).toFixed(0)}% of a core; app RSS ${mb(app.rss())}; load ${loadAtEnd}`,
  );
  console.log(
    `live: app CPU from the first send to the last delivery ${cpuAll.toFixed(2)} s: ${((cpuAll * 1000) / Math.max(1, sent)).toFixed(2)} ms per message, ${((cpuAll * 1e6) / Math.max(1, delivered)).toFixed(1)} µs per delivery`,
  );
  // The same figures without the load's first WARMUP seconds: the steady state, printed beside
  // the whole run's (which is the issue's measure), not instead of it.
  const steadyFrom = performance.timeOrigin + loadStarted + WARMUP_S * 1000;
  const steadyLags = reports
    .flatMap((r) => r.lags.filter((_, i) => r.sentAts[i]! >= steadyFrom))
    .sort((a, b) => a - b);
  const steadyApi = apiTimes.filter(([at]) => at >= loadStarted + WARMUP_S * 1000).map(([, ms]) => ms);
  steadyApi.sort((a, b) => a - b);
  console.log(
    `live: after the first ${WARMUP_S} s: send-to-receive p50 ${percentile(steadyLags, 50).toFixed(0)} ms, p99 ${percentile(steadyLags, 99).toFixed(0)} ms (${steadyLags.length} deliveries); API p50 ${percentile(steadyApi, 50).toFixed(1)} ms, p99 ${percentile(steadyApi, 99).toFixed(1)} ms`,
  );
  console.log(`live: ${await notifyLag.line()}`);
  const byType: Record<string, number> = {};
  for (const r of reports)
    for (const [type, n] of Object.entries(r.frames)) byType[type] = (byType[type] ?? 0) + n;
  console.log(`live: frames the sockets received, by type (signing in included): ${JSON.stringify(byType)}`);
  if (process.env.TIMELINE === "1") {
    // Which seconds the tail comes from: a start-up cost, or spread over the run.
    const bySecond = Array.from({ length: DURATION_S + 1 }, () => [] as number[]);
    const origin = performance.timeOrigin + loadStarted;
    for (const r of reports)
      for (const [i, lag] of r.lags.entries())
        bySecond[Math.floor((r.sentAts[i]! - origin) / 1000)]?.push(lag);
    console.log(`API p50 by second of the load: ${quantilePerSecond(timeline, 50)}`);
    console.log(`send-to-receive p99 by second of the load: ${quantilePerSecond(bySecond, 99)}`);
  }
  await statements.print(sent);
  await Promise.all(
    children.map(({ child }) => {
      child.send({ type: "close" });
      return child.exited;
    }),
  );
  children.length = 0;

  if (IDLE_MINUTES > 0) {
    const club = clubs[0]!;
    const [newest] = await sql<{ id: number }[]>`
      select coalesce(max(id), 0)::int as id from messages where club_id = ${club.id}`;
    const idle = await measureIdleChat({
      port: app.port,
      token: tokenOf(club.members[1] ?? club.members[0]!),
      clubId: club.id,
      newestId: newest!.id,
      seconds: IDLE_MINUTES * 60,
    });
    const line = (name: string, c: typeof idle.live) =>
      `${name} ${kb(c.payload)} of TCP payload (${c.reads} reads, ${c.connections} connections), ~${kb(c.estimated)} with TCP/IP headers`;
    console.log(
      `idle chat for ${IDLE_MINUTES} min: ${line("live", idle.live)}; ${line("polling", idle.polling)}; live frames ${JSON.stringify(idle.liveFrames)}`,
    );
  }
  await sql.end();
} finally {
  for (const { child } of children) child.kill();
  await stopApp?.();
  await pg.stop();
}
