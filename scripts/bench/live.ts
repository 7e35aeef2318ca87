/**
 * The live connection at scale (issue 48): one app process (`bun src/main.ts`, production) holding
 * SOCKETS signed-in WebSockets, each following its club's chat, while RATE messages a second are
 * sent through the REST API into clubs of 50 to 2,000 members for DURATION seconds. Prints:
 * - send-to-receive p50/p99 over every delivery (the time from the POST's start to each socket's frame);
 * - the server's RSS before and after the sockets connect (what the sockets cost);
 * - the API's p50/p99 for the sends meanwhile;
 * - bytes on the wire for one open chat left idle IDLE seconds, live against the spec's polls
 *   (chat every 2 s, badge and bell every 10 s, with their ETags), counted at the TCP level.
 *
 *   bun scripts/bench/live.ts      (SOCKETS=10000 RATE=100 DURATION=20 IDLE=600 to change them)
 *
 * The clients run in this process: on a 2-core machine they compete with the server for CPU, so
 * the figures are an upper bound on the server's own latency. Figures, not a test.
 */
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { freePort } from "../../src/lib/net";
import { startTcpProxy } from "../../test/tcp-proxy";
import { percentile, startBenchPostgres } from "./support";

const SOCKETS = Number(process.env.SOCKETS ?? 10_000);
const RATE = Number(process.env.RATE ?? 100);
const DURATION_S = Number(process.env.DURATION ?? 20);
const IDLE_S = Number(process.env.IDLE ?? 600);
const SECRET = "bench-secret-that-is-long-enough-for-hs256";
const CLUB_SIZES = [2000, 1000, 500, 500, 200, 200, 100, 100, 50, 50];

function sign(claims: Record<string, unknown>): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ ...claims, exp: Math.floor(Date.now() / 1000) + 7200, jti: crypto.randomUUID() })}`;
  const signature = new Bun.CryptoHasher("sha256", SECRET).update(body).digest("base64url");
  return `${body}.${signature}`;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const pg = await startBenchPostgres();
let app: Bun.Subprocess | null = null;
try {
  const databaseUrl = await pg.createDatabase("bench_live");
  const sql = postgres(databaseUrl, { max: 4, onnotice: () => {} });
  // Clubs of 50 to 2,000 members, repeated until every socket's person is in one.
  const sizes: number[] = [];
  for (let total = 0; total < SOCKETS; ) {
    const size = Math.min(CLUB_SIZES[sizes.length % CLUB_SIZES.length]!, SOCKETS - total);
    sizes.push(size);
    total += size;
  }
  const people = await sql<{ id: number }[]>`
    insert into users (username, password_hash, first_name, last_name)
    select 'live_' || g, 'x', 'Estudiante', 'N' || g from generate_series(1, ${SOCKETS}) g returning id`;
  const clubIds: number[] = [];
  const memberOf: number[] = [];
  let next = 0;
  for (const [i, size] of sizes.entries()) {
    const [club] = await sql<{ id: number }[]>`
      insert into clubs (name, description) values (${`Club en vivo ${i + 1}`}, 'bench') returning id`;
    clubIds.push(club!.id);
    const ids = people.slice(next, next + size).map((p) => p.id);
    await sql`insert into club_members (club_id, user_id) select ${club!.id}, unnest(${ids}::int[])`;
    for (let k = 0; k < size; k++) memberOf.push(club!.id);
    next += size;
  }
  await sql`update clubs c set member_count = (select count(*) from club_members m where m.club_id = c.id)`;
  // One sender per club, a member of it (its first member).
  const senders = sizes.map((_, i) => {
    const index = sizes.slice(0, i).reduce((a, b) => a + b, 0);
    const id = people[index]!.id;
    return { clubId: clubIds[i]!, token: sign({ sub: `live_${index + 1}`, id, role: "member", ver: 0 }) };
  });

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  app = Bun.spawn(["bun", "src/main.ts"], {
    cwd: `${import.meta.dir}/../..`,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
      LOG_LEVEL: "warn",
      SHUTDOWN_DELAY_MS: "0",
      RATE_MESSAGES_PER_ACCOUNT: "100000/1h",
      RATE_MESSAGES_PER_ADDRESS: "100000/1h",
      DATA_DIR: `/tmp/clubnica-bench-${process.pid}`,
    },
    stdout: "inherit",
    stderr: "inherit",
  });
  for (let i = 0; ; i++) {
    if (
      (await fetch(`${url}/readyz`)
        .then((r) => r.status)
        .catch(() => 0)) === 200
    )
      break;
    if (i > 600) throw new Error("the app did not start");
    await Bun.sleep(100);
  }
  await Bun.sleep(1000);
  const rssBefore = rssOf(app.pid);

  // Every socket signs in and follows its club; deliveries are timed on arrival.
  const sentAt = new Map<number, number>();
  const lags: number[] = [];
  let delivered = 0;
  const sockets: WebSocket[] = [];
  const connectStarted = performance.now();
  for (let start = 0; start < SOCKETS; start += 500) {
    await Promise.all(
      people.slice(start, start + 500).map(
        (person, k) =>
          new Promise<void>((resolve, reject) => {
            const index = start + k;
            const ws = new WebSocket(`ws://127.0.0.1:${port}/api/live`);
            const token = sign({ sub: `live_${index + 1}`, id: person.id, role: "member", ver: 0 });
            ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token }));
            ws.onmessage = (event) => {
              const frame = JSON.parse(String(event.data));
              if (frame.type === "ready") {
                ws.send(JSON.stringify({ type: "subscribe", conversation: `club:${memberOf[index]}` }));
              } else if (frame.type === "subscribed") resolve();
              else if (frame.type === "message") {
                const at = sentAt.get(frame.message.id);
                if (at !== undefined) lags.push(performance.now() - at);
                delivered += 1;
              }
            };
            ws.onerror = () => reject(new Error("socket error"));
            sockets.push(ws);
          }),
      ),
    );
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  await Bun.sleep(2000);
  const rssAfter = rssOf(app.pid);
  console.log(
    `live: ${SOCKETS} sockets signed in and following in ${connectSeconds.toFixed(1)} s; server RSS ${mb(rssBefore)} before, ${mb(rssAfter)} after (+${mb(rssAfter - rssBefore)})`,
  );

  // RATE messages a second through the REST API, spread over the clubs.
  const apiLatencies: number[] = [];
  const sends: Promise<void>[] = [];
  const loadStarted = performance.now();
  for (let i = 0; performance.now() - loadStarted < DURATION_S * 1000; i++) {
    const due = loadStarted + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    const sender = senders[i % senders.length]!;
    const started = performance.now();
    sends.push(
      fetch(`${url}/api/messages/club/${sender.clubId}`, {
        method: "POST",
        headers: { authorization: `Bearer ${sender.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: `Mensaje ${i}` }),
      }).then(async (res) => {
        apiLatencies.push(performance.now() - started);
        if (res.status === 201) sentAt.set(((await res.json()) as { id: number }).id, started);
      }),
    );
  }
  await Promise.all(sends);
  await Bun.sleep(3000);
  lags.sort((a, b) => a - b);
  apiLatencies.sort((a, b) => a - b);
  const expected = [...sentAt.keys()].length;
  console.log(
    `live: ${expected} messages at ${RATE}/s for ${DURATION_S} s, ${delivered} deliveries; send-to-receive p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms; API p50 ${percentile(apiLatencies, 50).toFixed(0)} ms, p99 ${percentile(apiLatencies, 99).toFixed(0)} ms; server RSS ${mb(rssOf(app.pid))}`,
  );
  for (const ws of sockets) ws.close();
  await Bun.sleep(1000);

  // An open chat left idle: bytes through a counting proxy, live against polling.
  const proxy = startTcpProxy({ hostname: "127.0.0.1", port }, { count: true });
  const idle = senders[0]!;
  const live = new WebSocket(`ws://127.0.0.1:${proxy.port}/api/live`);
  live.onopen = () => live.send(JSON.stringify({ type: "auth", token: idle.token }));
  live.onmessage = (event) => {
    if (JSON.parse(String(event.data)).type === "ready")
      live.send(JSON.stringify({ type: "subscribe", conversation: `club:${idle.clubId}` }));
  };
  const pingTimer = setInterval(() => live.send(JSON.stringify({ type: "ping" })), 25_000);
  await Bun.sleep(2000);
  proxy.resetCount();
  await Bun.sleep(IDLE_S * 1000);
  const liveBytes = proxy.bytes();
  clearInterval(pingTimer);
  live.close();

  proxy.resetCount();
  const base = `http://127.0.0.1:${proxy.port}`;
  const auth = { authorization: `Bearer ${idle.token}` };
  const tags = new Map<string, string>();
  const poll = async (path: string) => {
    const headers: Record<string, string> = { ...auth };
    const tag = tags.get(path);
    if (tag) headers["if-none-match"] = tag;
    const res = await fetch(base + path, { headers });
    const etag = res.headers.get("etag");
    if (etag) tags.set(path, etag);
    await res.arrayBuffer();
  };
  const [newest] = await sql<
    { id: string }[]
  >`select max(id) as id from messages where club_id = ${idle.clubId}`;
  const chatPath = `/api/messages/club/${idle.clubId}?after=${newest!.id}&limit=50`;
  const pollStarted = Date.now();
  let tick = 0;
  while (Date.now() - pollStarted < IDLE_S * 1000) {
    await poll(chatPath);
    if (tick % 5 === 0) {
      await poll("/api/notifications");
      await poll("/api/notifications/notices/count");
    }
    tick += 1;
    await Bun.sleep(2000);
  }
  const pollBytes = proxy.bytes();
  proxy.stop();
  console.log(
    `idle chat for ${IDLE_S} s: live ${(liveBytes / 1024).toFixed(1)} KB on the wire, polling ${(pollBytes / 1024).toFixed(1)} KB`,
  );
  await sql.end();
} finally {
  app?.kill("SIGTERM");
  await app?.exited;
  await pg.stop();
}
