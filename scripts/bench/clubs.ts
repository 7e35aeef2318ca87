/**
 * Club list benchmark: latency (p50/p99) of GET /api/clubs pages, searches and filters, club
 * detail and /public/top-clubs over 1,000 clubs, plus EXPLAIN ANALYZE of the list statements.
 *
 *   bun scripts/bench/clubs.ts            (REQUESTS=300 CLUBS=1000 to change the defaults)
 *
 * Starts PostgreSQL (TEST_DATABASE_URL, else a throwaway embedded cluster), migrates a fresh
 * database, inserts the clubs with generate_series (Spanish names, tags, regions, members,
 * recent posts), and calls the real app in process (routing, optional auth, the query, JSON)
 * as a guest's browser would. Everything it starts is stopped at the end.
 */
import { sql } from "drizzle-orm";
import type postgres from "postgres";
import type { AppDeps } from "../../src/deps";
import { type ClubPageOptions, clubPageQuery, selectTopClubs } from "../../src/features/clubs";
import { createBenchApp, formatLatency, startBenchPostgres, timeSequential } from "./support";

const REQUESTS = Number(process.env.REQUESTS ?? 300);
const CLUBS = Number(process.env.CLUBS ?? 1000);
const MEMBERS = 3000;

const TOPICS = [
  ["Programación", "Tecnología, Programación"],
  ["Robótica", "Tecnología, Robótica"],
  ["Ajedrez", "Deportes, Ajedrez"],
  ["Fútbol", "Deportes, Fútbol"],
  ["Teatro", "Arte, Teatro"],
  ["Fotografía", "Arte, Fotografía"],
  ["Poesía", "Arte, Literatura"],
  ["Astronomía", "Ciencia, Astronomía"],
  ["Biología", "Ciencia, Biología"],
  ["Voluntariado", "Voluntariado, Comunidad"],
  ["Debate", "Debate, Oratoria"],
  ["Marimba", "Arte, Música, Folclor"],
];

async function seedClubs(sql: postgres.Sql) {
  const started = performance.now();
  await sql`
    insert into users (username, password_hash, first_name, last_name)
    select 'bench' || g, 'x', 'Nombre' || g, 'Apellido' || g from generate_series(1, ${MEMBERS}::int) g`;
  const topics = TOPICS.map((t) => t[0]!);
  const tags = TOPICS.map((t) => t[1]!);
  await sql`
    insert into clubs (name, description, profile_description, tags, region, owner_id, image_id)
    select
      'Club de ' || t.topic || ' ' || g,
      'Un club de ' || lower(t.topic) || ' para estudiantes de ' || r.region,
      'Nos reunimos cada semana. Actividades, talleres y salidas de ' || lower(t.topic) || '. Club número ' || g || '.',
      t.tags,
      r.region::region,
      (select id from users where username = 'bench' || g),
      null
    from generate_series(1, ${CLUBS}::int) g
    cross join lateral (
      select (${topics}::text[])[1 + g % ${topics.length}::int] as topic, (${tags}::text[])[1 + g % ${tags.length}::int] as tags
    ) t
    cross join lateral (select (array['Managua','León','Masaya','Granada'])[1 + g % 4] as region) r`;
  // Skewed sizes: a few big clubs, many small ones (about 25,000 memberships in all).
  await sql`
    insert into club_members (club_id, user_id)
    select c.id, u.id from clubs c
    cross join lateral (
      select id from users order by md5(c.id::text || id::text) limit (1 + floor(power(random(), 3) * 100))::int
    ) u
    on conflict do nothing`;
  await sql`update clubs c set member_count = (select count(*) from club_members m where m.club_id = c.id)`;
  await sql`
    insert into posts (club_id, title, content, created_at)
    select (select min(id) from clubs) + floor(random() * ${CLUBS}::int)::int, 'Post ' || g, 'Texto',
      now() - random() * interval '60 days'
    from generate_series(1, ${CLUBS * 5}::int) g`;
  for (const table of ["users", "clubs", "club_members", "posts"])
    await sql.unsafe(`vacuum analyze ${table}`);
  const [{ n }] = (await sql`select count(*)::int as n from club_members`) as unknown as [{ n: number }];
  console.log(
    `seeded ${CLUBS} clubs, ${n} memberships, ${CLUBS * 5} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function explain(db: AppDeps["db"], label: string, options: ClubPageOptions) {
  // The app's connections carry the search threshold (src/lib/database/client.ts), and the
  // route sends this one statement, so this is the plan the route gets.
  const plan = await db.execute(sql`explain (analyze, buffers, costs off) ${clubPageQuery(db, options)}`);
  console.log(`\n-- EXPLAIN ANALYZE: ${label}`);
  for (const row of plan) console.log(`   ${Object.values(row)[0]}`);
}

async function main() {
  const pg = await startBenchPostgres();
  let client: ReturnType<typeof createBenchApp>["client"] | null = null;
  try {
    const url = await pg.createDatabase(`clubnica_bench_clubs_${process.pid}`);
    const bench = createBenchApp(url);
    client = bench.client;
    const app = bench.app;
    await seedClubs(client.sql);
    const [{ id: someClub }] =
      (await client.sql`select id from clubs order by member_count desc limit 1`) as unknown as [
        { id: number },
      ];

    const get = async (path: string) => {
      const res = await app.handle(new Request(`http://localhost${path}`));
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as unknown;
      return Array.isArray(body) ? body : [body];
    };
    const cases: [string, string][] = [
      ["list, first page (20)", "/api/clubs"],
      ["list, offset 500", "/api/clubs?offset=500"],
      ["list, 100 per page", "/api/clubs?limit=100"],
      ["search q=programacion (accents)", "/api/clubs?q=programacion"],
      ["search q=progamacion (typo)", "/api/clubs?q=progamacion"],
      ["search q=marimba granada", "/api/clubs?q=marimba%20granada"],
      ["tag=deportes", "/api/clubs?tag=deportes"],
      ["region=León", "/api/clubs?region=Le%C3%B3n"],
      ["tags list", "/api/clubs/tags"],
      ["club detail (biggest club)", `/api/clubs/${someClub}`],
      ["public top clubs (cached)", "/public/top-clubs"],
    ];
    console.log(`\n${CLUBS} clubs, ${REQUESTS} sequential requests per case, in-process app.handle:`);
    for (const [label, path] of cases) {
      const results = await get(path);
      const times = await timeSequential(REQUESTS, () => get(path), 20);
      console.log(
        `  ${label.padEnd(34)} | ${String(results.length).padStart(3)} rows | ${formatLatency(times)}`,
      );
    }
    const db = client.db;
    const topTimes = await timeSequential(100, () => selectTopClubs(db, 12));
    console.log(`  ${"top clubs query, uncached".padEnd(34)} |  12 rows | ${formatLatency(topTimes)}`);

    await explain(client.db, "list, first page", { limit: 20, offset: 0 });
    await explain(client.db, "search q=progamacion", { q: "progamacion", limit: 20, offset: 0 });
    await explain(client.db, "tag=deportes", { tag: "deportes", limit: 20, offset: 0 });
  } finally {
    await client?.close();
    await pg.stop();
  }
}

await main();
