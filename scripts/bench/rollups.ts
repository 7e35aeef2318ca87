/**
 * Tag counts and top clubs against the size of the posts table: EXPLAIN ANALYZE timings of the
 * statements the app sends (the club_tag_counts read; the recent-posts sweep and the top-clubs
 * read) next to the statements they replaced (a recount of every club's tags; a 30-day scan of
 * posts), at each post count.
 *
 *   bun scripts/bench/rollups.ts              (SIZES=1000,1000000 CLUBS=1000 RUNS=20)
 *
 * Starts PostgreSQL (TEST_DATABASE_URL, else a throwaway embedded cluster), migrates a fresh
 * database, inserts the clubs and then posts (spread over the last 365 days) with
 * generate_series up to each size. The bulk insert runs with the per-row recent-posts trigger
 * off and rebuilds its table afterwards, as migration 0015 does; everything else is the app's.
 */
import postgres from "postgres";
import { startBenchPostgres } from "./support";

const SIZES = (process.env.SIZES ?? "1000,1000000").split(",").map(Number);
const CLUBS = Number(process.env.CLUBS ?? 1000);
const RUNS = Number(process.env.RUNS ?? 20);

const STATEMENTS: Record<string, string> = {
  "tag counts (app: club_tag_counts)": `select t.tag, t.clubs from club_tag_counts t order by t.clubs desc, t.tag limit 200`,
  "tag counts (before: recount)": `select min(trim(t.tag)), count(distinct "clubs"."id") from "clubs" inner join unnest(string_to_array("clubs"."tags", ',')) as t(tag) on trim(t.tag) <> '' group by f_unaccent(lower(trim(t.tag))) order by count(distinct "clubs"."id") desc, min(trim(t.tag)) limit 200`,
  "top clubs sweep (app)": `select sweep_recent_posts(30)`,
  "top clubs read (app)": `select "id", "name", "member_count" from "clubs" left join club_recent_posts r on r.club_id = "clubs"."id" order by "clubs"."member_count" + 3 * coalesce(r.posts, 0) desc, "clubs"."member_count" desc, "clubs"."id" asc limit 12`,
  "top clubs (before: 30-day scan)": `select "clubs"."id", "clubs"."name", "clubs"."member_count" from "clubs" left join (select "club_id", count(*)::int as "n" from "posts" where "posts"."created_at" > now() - make_interval(days => 30) group by "posts"."club_id") "recent" on "recent"."club_id" = "clubs"."id" order by "clubs"."member_count" + 3 * coalesce("n", 0) desc, "clubs"."member_count" desc, "clubs"."id" asc limit 12`,
};

async function seedClubs(sql: postgres.Sql) {
  await sql`insert into clubs (name, description, tags, member_count)
    select 'Club ' || g, 'Un club de estudiantes',
      (array['Tecnología, Programación','Arte, Música','Deportes','Ciencia, Robótica','Lectura, Debate'])[1 + g % 5]
        || ', Tema ' || (g % 40),
      (g * 7919) % 300
    from generate_series(1, ${CLUBS}::int) g`;
}

async function growPosts(sql: postgres.Sql, from: number, to: number) {
  await sql`alter table posts disable trigger posts_count_recent`;
  await sql`insert into posts (club_id, title, created_at)
    select (1 + (g::bigint * 7919) % ${CLUBS}::int)::int, 'Post ' || g, now() - ((g::bigint * 104729) % 31536000) * interval '1 second'
    from generate_series(${from + 1}::int, ${to}::int) g`;
  await sql`alter table posts enable trigger posts_count_recent`;
  // Rebuild the rollup for the bulk insert (what migration 0015's backfill does).
  await sql`delete from club_recent_posts`;
  await sql`update recent_posts_sweep set swept_until = now() - interval '30 days'`;
  await sql`insert into club_recent_posts (club_id, posts)
    select p.club_id, count(*)::int from posts p, recent_posts_sweep s where p.created_at > s.swept_until group by p.club_id`;
  await sql`analyze`;
}

/** Median execution time over RUNS EXPLAIN ANALYZE runs, and the plan of the last one. */
async function explain(sql: postgres.Sql, text: string) {
  const times: number[] = [];
  let plan: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const rows = await sql.unsafe(`explain (analyze, buffers, timing off, costs off) ${text}`);
    plan = rows.map((r) => String(Object.values(r)[0]));
    const line = plan.find((l) => l.startsWith("Execution Time"));
    times.push(Number(/([\d.]+) ms/.exec(line ?? "")?.[1] ?? Number.NaN));
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, plan };
}

async function main() {
  const pg = await startBenchPostgres();
  let sql: postgres.Sql | null = null;
  try {
    const url = await pg.createDatabase(`clubnica_bench_rollups_${process.pid}`);
    sql = postgres(url, { max: 1, onnotice: () => {} });
    await seedClubs(sql);
    let posts = 0;
    const table: string[] = [];
    for (const size of SIZES) {
      const started = performance.now();
      await growPosts(sql, posts, size);
      posts = size;
      console.log(
        `\n== ${size.toLocaleString("en")} posts (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      for (const [label, text] of Object.entries(STATEMENTS)) {
        const { median, plan } = await explain(sql, text);
        table.push(`| ${label} | ${size.toLocaleString("en")} | ${median.toFixed(3)} ms |`);
        console.log(`\n-- ${label}: median execution ${median.toFixed(3)} ms over ${RUNS} runs`);
        for (const line of plan) console.log(`   ${line}`);
      }
    }
    console.log("\n| statement | posts | median EXPLAIN ANALYZE execution |\n|---|---|---|");
    for (const row of table) console.log(row);
  } finally {
    await sql?.end();
    await pg.stop();
  }
}

await main();
