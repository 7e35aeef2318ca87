/**
 * Feed benchmark: latency of GET /api/posts/feed pages (p50/p99) for each sort at 100, 1,000 and
 * 1,000,000 posts, plus EXPLAIN ANALYZE of the feed statement at each size.
 *
 *   bun scripts/bench/feed.ts            (REQUESTS=300 SIZES=100,1000,1000000 to change;
 *                                          PLANS=1 prints every EXPLAIN ANALYZE in full)
 *
 * Starts PostgreSQL (TEST_DATABASE_URL, else a throwaway embedded cluster), migrates a fresh
 * database per size, fills the posts table with generate_series, and calls the real app in
 * process (routing, auth, the query, JSON) the way a signed-in member's browser would, the sizes
 * taking turns request by request. Everything it starts is stopped at the end.
 */
import { jwt } from "@elysiajs/jwt";
import type postgres from "postgres";
import type { FeedFilter } from "../../common/api/posts";
import { decodeCursor, feedPageQuery } from "../../src/features/posts";
import { createBenchApp, formatLatency, startBenchPostgres } from "./support";

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

type Target = {
  size: number;
  client: ReturnType<typeof createBenchApp>["client"];
  viewerId: number;
  get: (path: string) => Promise<{ next: string | null }>;
};

/** One database per size, migrated and seeded, with the app in process signed in as the viewer. */
async function prepareTarget(
  pg: Awaited<ReturnType<typeof startBenchPostgres>>,
  size: number,
): Promise<Target> {
  const url = await pg.createDatabase(`clubnica_bench_feed_${process.pid}_${size}`);
  const { app, deps, client } = createBenchApp(url);
  const viewer = await seedBase(client.sql);
  console.log(`== ${size.toLocaleString("en")} posts ==`);
  await growPosts(client.sql, size, viewer.id);
  const signer = jwt({ name: "jwt", secret: deps.jwtSecret, exp: "1h" }).decorator.jwt;
  const token = await signer.sign({ sub: viewer.username, id: viewer.id, role: "member", ver: 0 });
  const get = async (path: string) => {
    const res = await app.handle(
      new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }),
    );
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.json();
    return { next: res.headers.get("x-next-cursor") };
  };
  return { size, client, viewerId: viewer.id, get };
}

/** A cursor a few pages into the feed: follows X-Next-Cursor up to 4 times (fewer when it ends). */
async function deeperCursor(target: Target, filter: FeedFilter) {
  let cursor = (await target.get(`/api/posts/feed?filter=${filter}&limit=20`)).next;
  for (let i = 0; i < 4 && cursor; i++) {
    const next = (await target.get(`/api/posts/feed?filter=${filter}&limit=20&cursor=${cursor}`)).next;
    if (!next) break;
    cursor = next;
  }
  return cursor;
}

async function explain(target: Target, filter: FeedFilter, label: string, path: string) {
  const params = new URL(path, "http://x").searchParams;
  const q = feedPageQuery(target.client.db, {
    viewerId: target.viewerId,
    filter,
    limit: 21,
    offset: 0,
    after: decodeCursor(filter, params.get("cursor") ?? undefined),
    connectedOnly: params.get("scope") === "connected",
  }).toSQL();
  const plan = await target.client.sql.unsafe(`explain (analyze, buffers) ${q.sql}`, q.params as never[]);
  const lines = plan.map((r) => String(r["QUERY PLAN"]));
  const scans = [
    ...new Set(
      lines.flatMap(
        (l) =>
          /(?:Index Only Scan|Index Scan(?: Backward)?|Seq Scan) using (\S+)|Seq Scan on (\S+)/
            .exec(l)
            ?.slice(1, 3)
            .filter(Boolean) ?? [],
      ),
    ),
  ];
  const seq = lines.filter((l) => l.includes("Seq Scan")).length;
  const sort = lines
    .find((l) => /Sort Method/.test(l))
    ?.trim()
    .replace(/\s+Memory.*/, "");
  const buffers = lines.find((l) => l.trim().startsWith("Buffers:"))?.trim();
  const exec = lines.find((l) => l.startsWith("Execution Time"));
  console.log(
    `  ${String(target.size).padStart(9)} ${filter}/${label}: ${buffers}; ${exec}; seq scans ${seq}; ${sort ?? "no sort"}; indexes ${scans.join(", ")}`,
  );
  if (process.env.PLANS) console.log(lines.map((l) => `      ${l}`).join("\n"));
}

async function main() {
  const pg = await startBenchPostgres();
  const targets: Target[] = [];
  try {
    for (const size of SIZES) targets.push(await prepareTarget(pg, size));
    const rows: string[] = [];
    for (const filter of FILTERS) {
      for (const [label, suffix] of [
        ["first page", ""],
        ["later page (cursor)", "cursor"],
        ["first page, scope=connected", "&scope=connected"],
      ] as const) {
        const paths = new Map<Target, string>();
        for (const target of targets) {
          const extra = suffix === "cursor" ? `&cursor=${await deeperCursor(target, filter)}` : suffix;
          paths.set(target, `/api/posts/feed?filter=${filter}&limit=20${extra}`);
        }
        // Sizes take turns request by request, so a busy moment on the machine hits them all.
        const times = new Map<Target, number[]>(targets.map((t) => [t, []]));
        const queryTimes = new Map<Target, number[]>(targets.map((t) => [t, []]));
        for (let i = 0; i < REQUESTS + 20; i++) {
          for (const target of targets) {
            const path = paths.get(target)!;
            const t0 = performance.now();
            await target.get(path);
            const t1 = performance.now();
            await runStatement(target, filter, path);
            const t2 = performance.now();
            if (i >= 20) {
              times.get(target)!.push(t1 - t0);
              queryTimes.get(target)!.push(t2 - t1);
            }
          }
        }
        for (const target of targets) {
          const http = times.get(target)!.sort((a, b) => a - b);
          const query = queryTimes.get(target)!.sort((a, b) => a - b);
          const line = `${String(target.size).padStart(9)} | ${filter.padEnd(8)} | ${label.padEnd(28)} | ${formatLatency(http)} | query alone ${formatLatency(query)}`;
          rows.push(line);
          console.log(line);
        }
        for (const target of targets) await explain(target, filter, label, paths.get(target)!);
      }
    }
    console.log(
      `\nSummary (in-process GET /api/posts/feed, limit 20, ${REQUESTS} requests per row, sizes interleaved):`,
    );
    for (const line of rows) console.log(line);
  } finally {
    for (const target of targets) await target.client.close();
    await pg.stop();
  }
}

/** The feed statement alone (no HTTP, auth or JSON), as the route runs it for `path`. */
async function runStatement(target: Target, filter: FeedFilter, path: string) {
  const params = new URL(path, "http://x").searchParams;
  await feedPageQuery(target.client.db, {
    viewerId: target.viewerId,
    filter,
    limit: 21,
    offset: 0,
    after: decodeCursor(filter, params.get("cursor") ?? undefined),
    connectedOnly: params.get("scope") === "connected",
  });
}

await main();
