/**
 * Chat and notification poll benchmark: how many 2-second chat polls and 10-second notification
 * polls one app process answers per second, with p50/p99 latency.
 *
 *   bun scripts/bench/chat.ts            (DURATION=10 CLIENTS=64 to change the defaults,
 *                                         EXPLAIN=full to print the query plans)
 *
 * Starts PostgreSQL (TEST_DATABASE_URL, else a throwaway embedded cluster), migrates and seeds a
 * realistic database, starts the real server (app-server.ts: `bun src/main.ts`, production) on
 * 127.0.0.1, then runs bounded closed loops of polls against it. Everything it starts is stopped at the end.
 */
import postgres from "postgres";
import { type BenchServer, startBenchServer } from "./app-server";
import { explainHotQueries } from "./chat-explain";
import { BACKGROUND_USERS, BENCH_USERS, CLUBS, logIn, seed } from "./chat-seed";
import { BENCH_JWT_SECRET, percentile, startBenchPostgres } from "./support";

const DURATION_MS = Number(process.env.DURATION ?? 10) * 1000;
const CLIENTS = Number(process.env.CLIENTS ?? 64);

type Conversation = { token: string; path: string };

/** Runs `clients` closed loops of `step` for the duration; returns throughput and latencies. */
async function runLoad(name: string, clients: number, step: (client: number) => Promise<number>) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const deadline = performance.now() + DURATION_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const status = await step(client);
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const rps = latencies.length / seconds;
  return {
    name,
    rps,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    statuses: Object.fromEntries(statuses),
  };
}

async function main() {
  const pg = await startBenchPostgres();
  let app: BenchServer | null = null;
  let sql: postgres.Sql | null = null;
  try {
    const databaseUrl = await pg.createDatabase(`clubnica_bench_${Date.now()}`);
    sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    const t0 = performance.now();
    const seeded = await seed(sql);
    console.log(
      `seeded ${seeded.messageCount} messages, ${BACKGROUND_USERS + BENCH_USERS + CLUBS} users, ${CLUBS} clubs in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    console.log("EXPLAIN ANALYZE of the hot statements (EXPLAIN=full prints the plans):");
    await explainHotQueries(databaseUrl, seeded);

    app = await startBenchServer({ databaseUrl, jwtSecret: BENCH_JWT_SECRET });
    const url = app.url;

    const tokens = new Map<number, string>();
    for (const user of seeded.bench) tokens.set(user.id, await logIn(url, user.username));

    // Each chat client is one open conversation (direct or club) of a bench user.
    const conversations: Conversation[] = [];
    for (const [i, user] of seeded.bench.entries()) {
      const token = tokens.get(user.id)!;
      const partners = seeded.benchPartners.get(user.id)!;
      conversations.push({ token, path: `/api/messages/user/${partners[0]}` });
      conversations.push({ token, path: `/api/messages/club/${seeded.clubIds[i % CLUBS]}` });
    }
    const state = await Promise.all(
      conversations.map(async (c) => {
        const res = await fetch(`${url}${c.path}`, { headers: { authorization: `Bearer ${c.token}` } });
        if (!res.ok) throw new Error(`open ${c.path}: ${res.status} ${await res.text()}`);
        const page = (await res.json()) as { id: number }[];
        return { ...c, cursor: page.at(-1)?.id ?? 0, etag: res.headers.get("etag") ?? "" };
      }),
    );

    // A trickle of new messages (about 20/s) so some polls find something new, as in real use.
    let writing = true;
    let sent = 0;
    const writer = (async () => {
      while (writing) {
        const c = state[Math.floor(Math.random() * state.length)]!;
        await fetch(`${url}${c.path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${c.token}`, "content-type": "application/json" },
          body: JSON.stringify({ content: "¡Hola! ¿Nos vemos en la reunión?" }),
        });
        sent += 1;
        await Bun.sleep(50);
      }
    })();

    const chat = await runLoad("chat poll (GET ?after= + If-None-Match)", CLIENTS, async (client) => {
      const c = state[client % state.length]!;
      const res = await fetch(`${url}${c.path}?after=${c.cursor}`, {
        headers: { authorization: `Bearer ${c.token}`, "if-none-match": c.etag },
      });
      if (res.status === 200) {
        const page = (await res.json()) as { id: number }[];
        if (page.length > 0) c.cursor = page.at(-1)!.id;
        c.etag = res.headers.get("etag") ?? "";
      } else {
        await res.arrayBuffer();
      }
      return res.status;
    });
    writing = false;
    await writer;

    const benchTokens = [...tokens.values()];
    const notifications = await runLoad(
      "notification poll (GET /api/notifications)",
      CLIENTS,
      async (client) => {
        const res = await fetch(`${url}/api/notifications`, {
          headers: { authorization: `Bearer ${benchTokens[client % benchTokens.length]}` },
        });
        await res.arrayBuffer();
        return res.status;
      },
    );

    const baseline = await runLoad("baseline: GET /healthz (no auth, no query)", CLIENTS, async () => {
      const res = await fetch(`${url}/healthz`);
      await res.arrayBuffer();
      return res.status;
    });
    const authOnly = await runLoad(
      "baseline: GET /api/notifications/notices?limit=1 (auth + 1 small query)",
      CLIENTS,
      async (client) => {
        const res = await fetch(`${url}/api/notifications/notices?limit=1`, {
          headers: { authorization: `Bearer ${benchTokens[client % benchTokens.length]}` },
        });
        await res.arrayBuffer();
        return res.status;
      },
    );

    const list = await runLoad("conversation list (GET /api/messages/conversations)", 16, async (client) => {
      const res = await fetch(`${url}/api/messages/conversations`, {
        headers: { authorization: `Bearer ${benchTokens[client % benchTokens.length]}` },
      });
      await res.arrayBuffer();
      return res.status;
    });

    console.log(
      `\n${CLIENTS} concurrent clients, ${DURATION_MS / 1000} s per phase, 127.0.0.1, one app process`,
    );
    console.log(`(messages sent during the chat phase: ${sent})\n`);
    for (const r of [chat, notifications, list, baseline, authOnly]) {
      console.log(
        `${r.name}\n  ${r.rps.toFixed(0)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   ` +
          `(${r.requests} requests, statuses ${JSON.stringify(r.statuses)})`,
      );
    }
    console.log(
      `\n=> about ${Math.floor(chat.rps * 2)} open chat screens (one poll per 2 s) or ` +
        `${Math.floor(notifications.rps * 10)} signed-in tabs (one poll per 10 s) per app process`,
    );
  } finally {
    await app?.stop();
    await sql?.end();
    await pg.stop();
  }
}

if (import.meta.main) await main();
