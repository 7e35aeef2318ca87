/**
 * Feed benchmark: latency of GET /api/posts/feed pages (p50/p99) for each sort at 100, 1,000 and
 * 1,000,000 posts, plus EXPLAIN ANALYZE of the feed statement at each size.
 *
 *   bun scripts/bench/feed.ts            (REQUESTS=300 SIZES=100,1000,1000000 to change;
 *                                          PLANS=1 prints every EXPLAIN ANALYZE in full)
 *
 * Starts PostgreSQL (TEST_DATABASE_URL, else a throwaway embedded cluster), migrates a fresh
 * database, grows the posts table with generate_series, and calls the real app in process
 * (routing, auth, the query, JSON) the way a signed-in member's browser would. Everything it
 * starts is stopped at the end.
 */
import { jwt } from "@elysiajs/jwt";
import postgres from "postgres";
import { createApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import type { AppDeps } from "../../src/deps";
import { feedPageQuery } from "../../src/features/posts/feed-queries";
import { decodeCursor } from "../../src/features/posts/feed-service";
import type { FeedFilter } from "../../src/features/posts/schema";
import { connectDatabase, type Database } from "../../src/lib/database/client";
import { runMigrations } from "../../src/lib/database/migrate";
import { createLogger } from "../../src/lib/logger";
import { createMailer } from "../../src/lib/mailer";
import { startTestPostgres, withDatabase } from "../../test/database";

const REQUESTS = Number(process.env.REQUESTS ?? 300);
const SIZES = (process.env.SIZES ?? "100,1000,1000000").split(",").map(Number);
const CLUBS = 200;
const FILTERS: FeedFilter[] = ["relevant", "newest", "liked"];

async function seedBase(sql: postgres.Sql) {
  const [viewer] = await sql<{ id: number; username: string }[]>`
    insert into users (username, password_hash) values ('bench_viewer', 'x') returning id, username`;
  await sql`insert into users (username, password_hash) select 'bench_owner' || g, 'x' from generate_series(1, ${CLUBS}::int) g`;
  await sql`
    insert into clubs (name, description, owner_id)
    select 'Club ' || g, 'A benchmark club', (select id from users where username = 'bench_owner' || g)
    from generate_series(1, ${CLUBS}::int) g`;
  // The viewer belongs to three busy clubs and one tiny club (for scope=connected: a rare club
  // must not make the page walk the whole table).
  await sql`insert into club_members (club_id, user_id) select id, ${viewer!.id} from clubs order by id limit 3`;
  const [tiny] = await sql<{ id: number }[]>`
    insert into clubs (name, description) values ('Tiny club', 'Posts rarely') returning id`;
  await sql`insert into club_members (club_id, user_id) values (${tiny!.id}, ${viewer!.id})`;
  await sql`
    insert into posts (club_id, title, created_at)
    select ${tiny!.id}, 'Tiny post ' || g, now() - g * interval '3 days' from generate_series(1, 5) g`;
  return viewer!;
}

/** Adds posts until there are `total`: skewed reaction counts, spread over two years. */
async function growPosts(sql: postgres.Sql, total: number, viewerId: number) {
  const [{ n }] = (await sql<{ n: number }[]>`select count(*)::int as n from posts`) as unknown as [
    { n: number },
  ];
  if (n >= total) return;
  // (The tiny club's 5 posts count toward the total.)
  const started = performance.now();
  // Bulk loads are far faster with the secondary indexes rebuilt once afterwards.
  const bulk = total - n >= 100_000;
  const indexes = bulk
    ? await sql<{ name: string; def: string }[]>`
        select indexname as name, indexdef as def from pg_indexes
        where tablename = 'posts' and indexname <> 'posts_pkey'`
    : [];
  for (const index of indexes) await sql.unsafe(`drop index ${index.name}`);
  for (let from = n + 1; from <= total; from += 200_000) {
    const to = Math.min(total, from + 199_999);
    await sql`
      insert into posts (club_id, title, short_description, content, like_count, favorite_count, comment_count, views, created_at)
      select (select min(id) from clubs) + (g % ${CLUBS}::int), 'Post ' || g, 'Short description of post ' || g,
        'Body of post number ' || g || ' with enough text to look like a real post.',
        floor(power(random(), 4) * 300)::int, floor(power(random(), 5) * 80)::int,
        floor(power(random(), 5) * 60)::int, floor(random() * 1000)::int,
        now() - (random() * interval '730 days')
      from generate_series(${from}::int, ${to}::int) g`;
  }
  for (const index of indexes) await sql.unsafe(index.def);
  // Other members' likes, so post_likes is not just the viewer's: a third of the posts.
  await sql`
    insert into post_likes (post_id, user_id)
    select p.id, u.id from posts p
    join users u on u.username = 'bench_owner' || (1 + p.id % ${CLUBS}::int)
    where p.id % 3 = 0 and p.id > ${n}::int
    on conflict do nothing`;
  // The viewer has liked and saved about 1 post in 200, so liked_by_me is sometimes true.
  await sql`insert into post_likes (post_id, user_id) select id, ${viewerId} from posts where id % 200 = 7 on conflict do nothing`;
  await sql`insert into post_favorites (post_id, user_id) select id, ${viewerId} from posts where id % 300 = 11 on conflict do nothing`;
  await sql`vacuum analyze posts`;
  await sql`vacuum analyze post_likes`;
  console.log(
    `  seeded ${total.toLocaleString("en")} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The feed statement alone (no HTTP, auth or JSON), as the route would run it for `path`. */
async function timeStatement(db: Database, viewerId: number, filter: FeedFilter, path: string) {
  const params = new URL(path, "http://x").searchParams;
  const after = decodeCursor(filter, params.get("cursor") ?? undefined);
  const connectedOnly = params.get("scope") === "connected";
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await feedPageQuery(db, { viewerId, filter, limit: 21, offset: 0, after, connectedOnly });
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  const server = await startTestPostgres();
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  const dbName = `clubnica_bench_feed_${process.pid}`;
  await admin.unsafe(`create database "${dbName}"`);
  const url = withDatabase(server.url, dbName);
  const client = connectDatabase(url);
  try {
    await runMigrations(url);
    const config = loadConfig({
      NODE_ENV: "test",
      DATABASE_URL: url,
      JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-signing",
      LOG_LEVEL: "silent",
    });
    const logger = createLogger("silent");
    const deps: AppDeps = {
      config,
      db: client.db,
      sql: client.sql,
      logger,
      mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger }),
      jwtSecret: config.JWT_SECRET!,
      lifecycle: { accepting: true },
    };
    const app = createApp(deps);
    const viewer = await seedBase(client.sql);
    const signer = jwt({ name: "jwt", secret: deps.jwtSecret, exp: "1h" }).decorator.jwt;
    const token = await signer.sign({ sub: viewer.username, id: viewer.id, role: "member", ver: 0 });
    const get = async (path: string) => {
      const res = await app.handle(
        new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }),
      );
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as unknown[];
      return { count: body.length, next: res.headers.get("x-next-cursor") };
    };

    const rows: string[] = [];
    for (const size of SIZES) {
      console.log(`\n== ${size.toLocaleString("en")} posts ==`);
      await growPosts(client.sql, size, viewer.id);
      for (const filter of FILTERS) {
        const first = await get(`/api/posts/feed?filter=${filter}&limit=20`);
        // A page deeper in the feed: follow the cursor up to 4 times (fewer when the feed ends).
        let cursor = first.next;
        for (let i = 0; i < 4 && cursor; i++) {
          const next = (await get(`/api/posts/feed?filter=${filter}&limit=20&cursor=${cursor}`)).next;
          if (!next) break;
          cursor = next;
        }
        const cases: [string, string][] = [
          ["first page", `/api/posts/feed?filter=${filter}&limit=20`],
          ["later page (cursor)", `/api/posts/feed?filter=${filter}&limit=20&cursor=${cursor}`],
          ["first page, scope=connected", `/api/posts/feed?filter=${filter}&limit=20&scope=connected`],
        ];
        for (const [label, path] of cases) {
          for (let i = 0; i < 20; i++) await get(path);
          const times: number[] = [];
          for (let i = 0; i < REQUESTS; i++) {
            const t0 = performance.now();
            await get(path);
            times.push(performance.now() - t0);
          }
          times.sort((a, b) => a - b);
          const sqlTimes = await timeStatement(client.db, viewer.id, filter, path);
          const line = `${String(size).padStart(9)} | ${filter.padEnd(8)} | ${label.padEnd(28)} | p50 ${percentile(times, 50).toFixed(2).padStart(6)} ms | p99 ${percentile(times, 99).toFixed(2).padStart(6)} ms | query alone p50 ${percentile(sqlTimes, 50).toFixed(2).padStart(6)} ms p99 ${percentile(sqlTimes, 99).toFixed(2).padStart(6)} ms`;
          rows.push(line);
          console.log(line);
        }
        for (const [label, after, connectedOnly] of [
          ["first page", null, false],
          ["later page (cursor)", decodeCursor(filter, cursor ?? undefined), false],
          ["scope=connected", null, true],
        ] as const) {
          const q = feedPageQuery(client.db, {
            viewerId: viewer.id,
            filter,
            limit: 21,
            offset: 0,
            after,
            connectedOnly,
          }).toSQL();
          const plan = await client.sql.unsafe(`explain (analyze, buffers) ${q.sql}`, q.params as never[]);
          const lines = plan.map((r) => String(r["QUERY PLAN"]));
          const scan = lines
            .find((l) => /Index Scan|Seq Scan|Bitmap/.test(l))
            ?.trim()
            .replace(/\s+\(cost.*$/, "");
          const sort = lines.some((l) => /\bSort\b/.test(l) && !/Sort Key/.test(l)) ? " + Sort" : "";
          const buffers = lines.find((l) => l.trim().startsWith("Buffers:"))?.trim();
          const exec = lines.find((l) => l.startsWith("Execution Time"));
          console.log(`    EXPLAIN ${filter}/${label}: ${scan}${sort}; ${buffers}; ${exec}`);
          if (process.env.PLANS) console.log(lines.map((l) => `      ${l}`).join("\n"));
        }
      }
    }
    console.log("\nSummary (in-process GET /api/posts/feed, limit 20, sequential requests):");
    for (const line of rows) console.log(line);
  } finally {
    await client.close();
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`).catch(() => {});
    await admin.end();
    await server.stop();
  }
}

await main();
