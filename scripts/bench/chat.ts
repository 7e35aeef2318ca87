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
import { PRODUCTION_PASSWORD_COST } from "../../src/config";
import { countNotifications } from "../../src/features/badge-count/queries";
import { listConversationRows } from "../../src/features/chat/conversation-queries";
import { findClubPage, findDirectPage } from "../../src/features/chat/queries";
import { UNREAD_CAP } from "../../src/features/chat/service";
import { databaseOver } from "../../src/lib/database/client";
import { hashPassword } from "../../src/lib/passwords";
import { type BenchServer, startBenchServer } from "./app-server";
import { BENCH_JWT_SECRET, percentile, startBenchPostgres } from "./support";

const DURATION_MS = Number(process.env.DURATION ?? 10) * 1000;
const CLIENTS = Number(process.env.CLIENTS ?? 64);
const BENCH_USERS = 40;
const PARTNERS_PER_USER = 20;
const MESSAGES_PER_CONVERSATION = 100;
const BACKGROUND_USERS = 2000;
const BACKGROUND_PAIRS = 5000;
const CLUBS = 20;
const CLUB_MESSAGES = 2000;
const PASSWORD = "bench-password-123";

type Conversation = { token: string; path: string };

export async function seed(sql: postgres.Sql) {
  const hash = await hashPassword(PASSWORD, PRODUCTION_PASSWORD_COST);
  const users = await sql<{ id: number; username: string }[]>`
    insert into users (username, password_hash, role, email_verified)
    select 'bench' || g, ${hash}, (case when g <= ${CLUBS} then 'owner' else 'member' end)::role, true
    from generate_series(1, ${BENCH_USERS + BACKGROUND_USERS + CLUBS}) g
    returning id, username`;
  const owners = users.slice(0, CLUBS);
  const bench = users.slice(CLUBS, CLUBS + BENCH_USERS);
  const background = users.slice(CLUBS + BENCH_USERS);
  const pick = () => background[Math.floor(Math.random() * background.length)]!.id;

  const pairs = new Map<string, [number, number]>();
  const benchPartners = new Map<number, number[]>();
  for (const [i, user] of bench.entries()) {
    const partners = background.slice(i * PARTNERS_PER_USER, (i + 1) * PARTNERS_PER_USER).map((u) => u.id);
    benchPartners.set(user.id, partners);
    for (const p of partners) pairs.set(`${user.id}:${p}`, [user.id, p]);
  }
  const benchPairCount = pairs.size;
  while (pairs.size < benchPairCount + BACKGROUND_PAIRS) {
    const a = pick();
    const b = pick();
    if (a !== b) pairs.set(`${Math.min(a, b)}:${Math.max(a, b)}`, [a, b]);
  }
  const list = [...pairs.values()];
  const as = list.map((p) => p[0]);
  const bs = list.map((p) => p[1]);
  const perPair = list.map((_, i) => (i < benchPairCount ? MESSAGES_PER_CONVERSATION : 20));
  await sql`
    insert into messages (sender_id, recipient_id, user_low, user_high, content, created_at)
    select case when k % 2 = 0 then p.a else p.b end, case when k % 2 = 0 then p.b else p.a end,
      least(p.a, p.b), greatest(p.a, p.b), 'Mensaje número ' || k || ' de la conversación',
      now() - (p.n - k) * interval '1 minute'
    from unnest(${as}::int[], ${bs}::int[], ${perPair}::int[]) as p(a, b, n)
    cross join lateral generate_series(1, p.n) k
    order by k, random()`;
  // The messages_ensure_read_rows trigger created both parties' conversation_reads rows.
  // Bench users have read all but their last few messages, as a regular user would.
  await sql`
    update conversation_reads r set last_read_id = coalesce((
      select m.id from messages m
      where m.user_low = least(r.user_id, split_part(r.conversation_key, ':', 2)::int)
        and m.user_high = greatest(r.user_id, split_part(r.conversation_key, ':', 2)::int)
      order by m.id desc offset 4 limit 1), 0)
    where r.user_id = any(${bench.map((u) => u.id)}::int[])`;

  const clubs = await sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id, member_count)
    select 'Club ' || g, 'Un club de estudiantes', o, 0
    from unnest(${owners.map((o) => o.id)}::int[]) with ordinality as t(o, g)
    returning id`;
  const clubIds = clubs.map((c) => c.id);
  const memberships: [number, number][] = [];
  for (const [i, user] of bench.entries()) {
    for (let j = 0; j < 5; j++) memberships.push([clubIds[(i + j) % CLUBS]!, user.id]);
  }
  for (const clubId of clubIds) for (let j = 0; j < 150; j++) memberships.push([clubId, pick()]);
  await sql`
    insert into club_members (club_id, user_id)
    select * from unnest(${memberships.map((m) => m[0])}::int[], ${memberships.map((m) => m[1])}::int[])
    on conflict do nothing`;
  await sql`
    insert into messages (sender_id, club_id, content, created_at)
    select (select cm.user_id from club_members cm where cm.club_id = c offset (k % 100) limit 1),
      c, 'Mensaje del club ' || k, now() - (${CLUB_MESSAGES} - k) * interval '30 seconds'
    from unnest(${clubIds}::int[]) c cross join generate_series(1, ${CLUB_MESSAGES}) k
    order by k, c`;
  await sql`
    insert into conversation_reads (user_id, conversation_key, last_read_id)
    select cm.user_id, 'club:' || cm.club_id,
      (select m.id from messages m where m.club_id = cm.club_id order by m.id desc offset 10 limit 1)
    from club_members cm where cm.user_id = any(${bench.map((u) => u.id)}::int[])`;
  await sql`
    insert into connection_requests (club_id, user_id)
    select (${clubIds}::int[])[1 + (g % ${CLUBS})], (${background.map((u) => u.id)}::int[])[1 + (g * 7) % ${BACKGROUND_USERS}]
    from generate_series(1, 400) g on conflict do nothing`;
  await sql`
    insert into user_notices (user_id, kind, club_id)
    select u, 'request_accepted', ${clubIds[0]!} from unnest(${bench.map((u) => u.id)}::int[]) u`;
  await sql`vacuum analyze`;
  const counted = await sql<{ n: number }[]>`select count(*)::int as n from messages`;
  return { bench, benchPartners, clubIds, owners, messageCount: counted[0]!.n };
}

/**
 * Runs each hot query once through a client that records its SQL, then prints EXPLAIN ANALYZE
 * of exactly that statement: which indexes it walks and how long PostgreSQL spends on it.
 */
async function explainHotQueries(databaseUrl: string, seeded: Awaited<ReturnType<typeof seed>>) {
  let captured: { query: string; params: unknown[] } | null = null;
  const recorder = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    debug: (_connection, query, params) => {
      captured = { query, params: params as unknown[] };
    },
  });
  const recorded = databaseOver(recorder);
  const me = seeded.bench[0]!.id;
  const partner = seeded.benchPartners.get(me)![0]!;
  const club = seeded.clubIds[0]!;
  const [newest] = await recorder<{ id: string }[]>`
    select max(id) as id from messages where user_low = ${Math.min(me, partner)} and user_high = ${Math.max(me, partner)}`;
  const cases: [string, () => Promise<unknown>][] = [
    [
      "direct chat poll (?after=, nothing new)",
      () =>
        findDirectPage(recorded, {
          userId: me,
          otherId: partner,
          key: `user:${partner}`,
          window: { kind: "after", cursor: Number(newest!.id), limit: 50 },
        }),
    ],
    [
      "club chat, newest page",
      () =>
        findClubPage(recorded, {
          userId: me,
          clubId: club,
          key: `club:${club}`,
          window: { kind: "latest", limit: 50 },
        }),
    ],
    [
      "notification count",
      () => countNotifications(recorded, { userId: me, role: "member", unreadCap: UNREAD_CAP }),
    ],
    ["conversation list", () => listConversationRows(recorded, { userId: me, unreadCap: UNREAD_CAP })],
  ];
  try {
    for (const [name, run] of cases) {
      captured = null;
      await run();
      const statement = captured as { query: string; params: unknown[] } | null;
      if (!statement) continue;
      const plan = await recorder.unsafe(
        `explain (analyze, costs off, summary on) ${statement.query}`,
        statement.params as never[],
      );
      const lines = plan.map((row) => String(row["QUERY PLAN"]));
      const indexes = [...new Set(lines.flatMap((l) => /using (\w+)/.exec(l)?.[1] ?? []))];
      const timing = lines.filter((l) => /^(Planning|Execution) Time/.test(l)).join(", ");
      console.log(`  ${name}: ${timing}; indexes: ${indexes.join(", ") || "none"}`);
      if (process.env.EXPLAIN === "full") console.log(lines.map((l) => `      ${l}`).join("\n"));
    }
  } finally {
    await recorder.end();
  }
}

async function logIn(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

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
