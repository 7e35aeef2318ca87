/**
 * Upcoming events benchmark (issue 34): GET /api/events/upcoming over 1,000,000 posts.
 *
 *   bun scripts/bench/upcoming-events.ts        (POSTS=1000000 REQUESTS=200 to change)
 *
 * Starts PostgreSQL (TEST_DATABASE_URL, else a throwaway embedded cluster), migrates a fresh
 * database, fills posts with generate_series (one in ten an event, spread over the past and next
 * year; some held, some cancelled back to plain posts), then prints EXPLAIN (ANALYZE, BUFFERS) of
 * the statement each filter runs and the latency of the real call in process. It prints figures;
 * it asserts nothing. Everything it starts is stopped at the end.
 */
import { upcomingQuery } from "../../common/api/events";
import { eventWindow } from "../../common/event-dates";
import { upcomingEventsStatement } from "../../src/features/events";
import { createBenchApp, formatLatency, startBenchPostgres, timeSequential } from "./support";

const POSTS = Number(process.env.POSTS ?? 1_000_000);
const REQUESTS = Number(process.env.REQUESTS ?? 200);
const CLUBS = 200;
const TAGS = ["Tecnología, Robótica", "Deportes, Ajedrez", "Arte, Teatro", "Ciencia, Astronomía", "Debate"];

const pg = await startBenchPostgres();
try {
  const url = await pg.createDatabase("bench_upcoming_events");
  const { app, client } = createBenchApp(url);
  const { sql } = client;
  await sql`
    insert into clubs (name, description, tags, region)
    select 'Club ' || g, 'Un club', (${TAGS}::text[])[1 + g % ${TAGS.length}::int],
      (array['Managua','León','Masaya','Granada'])[1 + g % 4]::region
    from generate_series(1, ${CLUBS}::int) g`;
  const seeded = performance.now();
  for (let from = 1; from <= POSTS; from += 200_000) {
    const to = Math.min(POSTS, from + 199_999);
    // Consecutive runs of ten posts share a club, so events spread over every club and tag.
    // One post in ten is an event (a year back to a year ahead); 1 in 100 of those is held.
    // Some posts were events once (an event date, no longer is_event): cancelled.
    await sql`
      insert into posts (club_id, title, is_event, event_date, held, created_at)
      select (select min(id) from clubs) + ((g / 10) % ${CLUBS}::int), 'Post ' || g,
        g % 10 = 0, case when g % 10 in (0, 5) then now() + (random() * 730 - 365) * interval '1 day' end,
        g % 1000 = 0, now() - random() * interval '730 days'
      from generate_series(${from}::int, ${to}::int) g`;
  }
  await sql`analyze posts`;
  await sql`analyze clubs`;
  console.log(`seeded ${POSTS} posts in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const [{ cursor }] = (await sql<{ cursor: string }[]>`
    select (extract(epoch from event_date) * 1000000)::bigint || '.' || id as cursor
    from posts where is_event and not held and event_date >= now()
    order by event_date, id offset 500 limit 1`) as unknown as [{ cursor: string }];
  const cases: [string, Record<string, string>][] = [
    ["all clubs, first page", {}],
    ["region=León", { region: "León" }],
    ["tag=robótica", { tag: "robótica" }],
    ["when=weekend", { when: "weekend" }],
    ["when=month, region=Granada", { when: "month", region: "Granada" }],
    ["page after 500 events", { cursor }],
  ];
  for (const [label, params] of cases) {
    const query = upcomingQuery.parse({ limit: 20, ...params });
    const [micros = "0", id = "0"] = (query.cursor ?? "").split(".");
    const filter = {
      ...eventWindow(query.when, new Date()),
      region: query.region,
      tag: query.tag,
      after: query.cursor ? { micros, id: Number(id) } : undefined,
    };
    const statement = upcomingEventsStatement(client.db, { filter, viewerId: null, limit: 21 }).toSQL();
    const plan = await sql.unsafe(`explain (analyze, buffers) ${statement.sql}`, statement.params as never[]);
    console.log(`\n=== ${label}`);
    for (const row of plan) console.log(String(Object.values(row)[0]));
    const path = `/api/events/upcoming?${new URLSearchParams({ limit: "20", ...params })}`;
    const times = await timeSequential(
      REQUESTS,
      async () => {
        const res = await app.handle(new Request(`http://localhost${path}`));
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        await res.arrayBuffer();
      },
      20,
    );
    console.log(`GET ${path}: ${formatLatency(times)} (${REQUESTS} requests)`);
  }
  await client.close();
} finally {
  await pg.stop();
}
