/**
 * Owners' dashboard benchmark (issue 35): GET /api/clubs/{id}/dashboard and GET /api/admin/dashboard
 * at 1,000 clubs and 1,000,000 posts.
 *
 *   bun scripts/bench/dashboard.ts        (CLUBS=1000 POSTS=1000000 REQUESTS=50 to change)
 *
 * Starts PostgreSQL (TEST_DATABASE_URL, else a throwaway embedded cluster), migrates a fresh
 * database and fills it with generate_series: the clubs, 100 members each (joined over two
 * years) plus departures, answered and pending join requests, the posts (one in ten an event)
 * spread over two years, a day of counted views per post, and 1,000,000 chat messages, all
 * appended in time order as real rows are. Then it runs the dashboard-rollup job's work once (as
 * production's hourly job would have: every closed day into chat_message_days and site_view_days)
 * and prints how long that took. Then, for a club and for the site totals, over the
 * last 30 days and a whole year, it prints the latency of the real call in process (after 5
 * untimed calls), then each statement's EXPLAIN (ANALYZE, BUFFERS) with its time.
 * It prints figures; it asserts nothing. Everything it starts is stopped at the end.
 */
import { jwt } from "@elysiajs/jwt";
import { sql as drizzleSql, type SQL } from "drizzle-orm";
import {
  chatDaysStatement,
  type DashboardScope,
  eventsStatement,
  membersStatement,
  postsStatement,
  requestsStatement,
  resolveRange,
  rollUpClosedDays,
  viewsStatement,
} from "../../src/features/dashboard";
import { createBenchApp, formatLatency, startBenchPostgres, timeSequential } from "./support";

const CLUBS = Number(process.env.CLUBS ?? 1000);
const POSTS = Number(process.env.POSTS ?? 1_000_000);
const MESSAGES = Number(process.env.MESSAGES ?? 1_000_000);
const REQUESTS = Number(process.env.REQUESTS ?? 50);
const USERS = 20_000;
const MEMBERS_PER_CLUB = 100;
const BATCH = 200_000;

const pg = await startBenchPostgres();
try {
  const url = await pg.createDatabase("bench_dashboard");
  const { app, client, deps } = createBenchApp(url);
  const { sql } = client;
  const seeded = performance.now();
  await sql`
    insert into users (username, password_hash, role, first_name, last_name, email)
    select 'u' || g, 'x', case when g <= ${CLUBS}::int then 'owner' else 'member' end::role, 'Ana', 'López',
      'u' || g || '@example.test'
    from generate_series(1, ${USERS}::int) g`;
  // The caller of the timed requests: an admin sees every club and the site totals.
  await sql`update users set role = 'admin' where username = 'u1'`;
  await sql`
    insert into clubs (name, description, owner_id)
    select 'Club ' || g, 'Un club', (select min(id) from users) + g - 1 from generate_series(1, ${CLUBS}::int) g`;
  const [{ firstClub, firstUser }] = (await sql`
    select (select min(id) from clubs) as "firstClub", (select min(id) from users) as "firstUser"`) as unknown as [
    { firstClub: number; firstUser: number },
  ];
  // Members: club c has users c*7+i (distinct per club), joined at random over two years.
  await sql`
    insert into club_members (club_id, user_id, joined_at)
    select ${firstClub}::int + c, ${firstUser}::int + ${CLUBS}::int + ((c * 7 + i) % (${USERS}::int - ${CLUBS}::int)),
      now() - random() * interval '730 days'
    from generate_series(0, ${CLUBS}::int - 1) c, generate_series(0, ${MEMBERS_PER_CLUB}::int - 1) i
    on conflict do nothing`;
  await sql`
    insert into club_member_departures (club_id, joined_at, left_at)
    select ${firstClub}::int + (g % ${CLUBS}::int), now() - interval '730 days' + (g % 300) * interval '1 day',
      now() - random() * interval '400 days'
    from generate_series(1, ${CLUBS * 20}::int) g`;
  await sql`
    insert into join_request_outcomes (club_id, requested_at, answered_at, outcome)
    select ${firstClub}::int + (g % ${CLUBS}::int), t, t + random() * interval '3 days',
      (array['accepted','accepted','declined','withdrawn'])[1 + g % 4]
    from generate_series(1, ${CLUBS * 150}::int) g,
      lateral (select now() - (1 - g::float8 / ${CLUBS * 150}::int) * interval '730 days' as t) x`;
  await sql`
    insert into connection_requests (club_id, user_id, created_at)
    select ${firstClub}::int + c, ${firstUser}::int + ${CLUBS}::int + ((c * 13 + 5000 + i) % (${USERS}::int - ${CLUBS}::int)),
      now() - random() * interval '60 days'
    from generate_series(0, ${CLUBS}::int - 1) c, generate_series(0, 9) i
    on conflict do nothing`;
  for (let from = 1; from <= POSTS; from += BATCH) {
    const to = Math.min(POSTS, from + BATCH - 1);
    await sql`
      insert into posts (club_id, title, is_event, event_date, created_at, like_count, comment_count, views,
        going_count, waitlist_count)
      select ${firstClub}::int + (g % ${CLUBS}::int), 'Post ' || g, g % 10 = 0,
        case when g % 10 = 0 then now() + (random() * 730 - 365) * interval '1 day' end,
        now() - (1 - g::float8 / ${POSTS}::int) * interval '730 days', g % 40, g % 7, g % 300, g % 30, g % 3
      from generate_series(${from}::int, ${to}::int) g`;
  }
  await sql`
    insert into post_view_days (post_id, club_id, day, views)
    select id, club_id, ((created_at at time zone 'America/Managua')::date + (id % 5)), 1 + id % 50
    from posts order by id`;
  for (let from = 1; from <= MESSAGES; from += BATCH) {
    const to = Math.min(MESSAGES, from + BATCH - 1);
    // Four in five in a club chat, the rest direct between two members.
    await sql`
      insert into messages (sender_id, club_id, recipient_id, user_low, user_high, content, created_at)
      select ${firstUser}::int + ${CLUBS}::int + (g % 1000),
        case when g % 5 <> 0 then ${firstClub}::int + (g % ${CLUBS}::int) end,
        case when g % 5 = 0 then ${firstUser}::int + ${CLUBS}::int + 1000 + (g % 1000) end,
        case when g % 5 = 0 then ${firstUser}::int + ${CLUBS}::int + (g % 1000) end,
        case when g % 5 = 0 then ${firstUser}::int + ${CLUBS}::int + 1000 + (g % 1000) end,
        'hola', now() - (1 - g::float8 / ${MESSAGES}::int) * interval '730 days'
      from generate_series(${from}::int, ${to}::int) g`;
  }
  await sql`update clubs c set member_count = (select count(*) from club_members m where m.club_id = c.id)`;
  const rollStarted = performance.now();
  const rolled = await rollUpClosedDays(client.db);
  console.log(
    `rollup job: ${rolled.chatDays} chat days and ${rolled.viewDays} view days in ${((performance.now() - rollStarted) / 1000).toFixed(1)} s`,
  );
  for (const table of [
    "users",
    "clubs",
    "club_members",
    "club_member_departures",
    "join_request_outcomes",
    "connection_requests",
    "posts",
    "post_view_days",
    "messages",
    "chat_message_days",
    "site_view_days",
  ]) {
    await sql.unsafe(`vacuum analyze ${table}`);
  }
  const counts = await sql`
    select (select count(*) from clubs) as clubs, (select count(*) from posts) as posts,
      (select count(*) from club_members) as members, (select count(*) from messages) as messages,
      (select count(*) from post_view_days) as view_days, (select count(*) from join_request_outcomes) as answered,
      (select count(*) from chat_message_days) as chat_rollup_rows, (select count(*) from site_view_days) as view_rollup_rows`;
  console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s:`, { ...counts[0] });

  // A club in the middle whose id gets club-chat messages (every fifth message is direct).
  const clubId = firstClub + Math.floor(CLUBS / 2) + 1;
  const signer = jwt({ name: "jwt", secret: deps.jwtSecret, exp: "1h" }).decorator.jwt;
  const token = await signer.sign({ sub: "u1", id: firstUser, role: "admin", ver: 0 });
  const ranges = [
    ["last 30 days", resolveRange({})],
    ["a year", resolveRange({ from: shiftYear(resolveRange({}).to), to: resolveRange({}).to })],
  ] as const;
  const statements: [string, (s: DashboardScope) => SQL][] = [
    ["members over time", membersStatement],
    ["join requests", requestsStatement],
    ["views per day", viewsStatement],
    ["posts", postsStatement],
    ["events", eventsStatement],
    ["busiest chat days", chatDaysStatement],
  ];
  for (const [scopeLabel, scopeClub] of [
    [`club ${clubId}`, clubId],
    ["site totals", null],
  ] as const) {
    for (const [rangeLabel, range] of ranges) {
      const scope: DashboardScope = { clubId: scopeClub, from: range.from, to: range.to };
      console.log(`\n######## ${scopeLabel}, ${rangeLabel} (${range.from} to ${range.to})`);
      const path =
        (scopeClub === null ? "/api/admin/dashboard" : `/api/clubs/${scopeClub}/dashboard`) +
        `?from=${range.from}&to=${range.to}`;
      const times = await timeSequential(
        REQUESTS,
        async () => {
          const res = await app.handle(
            new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }),
          );
          if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        },
        5,
      );
      console.log(`\nGET ${path}: ${formatLatency(times)} (${REQUESTS} requests, after 5 untimed)`);
      for (const [label, statement] of statements) {
        const plan = await client.db.execute(drizzleSql`explain (analyze, buffers) ${statement(scope)}`);
        const lines = [...plan].map((row) => String(Object.values(row)[0]));
        const time = lines.find((l) => l.startsWith("Execution Time"));
        console.log(`\n=== ${label}: ${time}`);
        for (const line of lines) console.log(`  ${line}`);
      }
    }
  }
  await client.close();
} finally {
  await pg.stop();
}

function shiftYear(day: string) {
  const [y, rest] = [day.slice(0, 4), day.slice(4)];
  const d = new Date(`${Number(y) - 1}${rest}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
