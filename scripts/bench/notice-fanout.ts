/**
 * Notice fan-out benchmark (issue 33): a club post told to every member in one INSERT … SELECT.
 *
 *   bun scripts/bench/notice-fanout.ts        (MEMBERS=10000 POSTS=20 to change)
 *
 * Starts PostgreSQL (TEST_DATABASE_URL, else a throwaway embedded cluster), migrates a fresh
 * database, puts MEMBERS members in one club, starts the job queue and its fan-out worker, then
 * times the real POST /api/posts in process against the same request in a club with no members,
 * how long until the worker has stored all MEMBERS notices of a post, and a member's
 * GET /api/notifications/notices/count and list afterwards. It prints figures; it asserts
 * nothing. Everything it starts is stopped at the end.
 */
import { jwt } from "@elysiajs/jwt";
import { workNoticeFanOut } from "../../src/features/notices";
import { createBenchApp, formatLatency, startBenchPostgres, timeSequential } from "./support";

const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const POSTS = Number(process.env.POSTS ?? 20);

const pg = await startBenchPostgres();
try {
  const url = await pg.createDatabase(`clubnica_bench_notices_${process.pid}`);
  // Posting is rate-limited per account; this measures the fan-out, not the limit.
  const { app, deps, client } = createBenchApp(url, "test", {
    RATE_POSTS_PER_ACCOUNT: "100000/1m",
    RATE_POSTS_PER_ADDRESS: "100000/1m",
  });
  const { sql } = client;
  const [owner] = await sql<{ id: number; username: string }[]>`
    insert into users (username, password_hash, role, first_name, last_name, email, email_verified)
    values ('bench_owner', 'x', 'owner', 'Dueña', 'Bench', 'owner@bench.test', true) returning id, username`;
  const [big] = await sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id, member_count)
    values ('Club Grande', 'd', ${owner!.id}, ${MEMBERS}) returning id`;
  const [empty] = await sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club Vacío', 'd', ${owner!.id}) returning id`;
  await sql`
    with u as (
      insert into users (username, password_hash, role)
      select 'bench_member' || g, 'x', 'member' from generate_series(1, ${MEMBERS}::int) g returning id)
    insert into club_members (club_id, user_id) select ${big!.id}, id from u`;
  await sql`analyze`;
  await deps.jobs.start();
  await workNoticeFanOut(deps);
  const [reader] = await sql<{ id: number; username: string }[]>`
    select u.id, u.username from users u join club_members m on m.user_id = u.id limit 1`;
  const signer = jwt({ name: "jwt", secret: deps.jwtSecret, exp: "1h" }).decorator.jwt;
  const ownerToken = await signer.sign({ sub: owner!.username, id: owner!.id, role: "owner", ver: 0 });
  const readerToken = await signer.sign({ sub: reader!.username, id: reader!.id, role: "member", ver: 0 });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await app.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id?: number };
  };
  let n = 0;
  const postTo = (clubId: number) => () =>
    call("POST", "/api/posts", ownerToken, { club_id: clubId, title: `Aviso ${++n}`, content: "Hola" });

  // First, with the queue empty: from the request to the worker's stored batch for that post
  // (seen in the database, asked every 5 ms), one post at a time.
  const delivered: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const postId = (await postTo(big!.id)()).id ?? -1;
    for (;;) {
      const [seen] = await sql<
        { n: number }[]
      >`select count(*)::int as n from user_notices where post_id = ${postId}`;
      if (seen!.n >= MEMBERS) break;
      await Bun.sleep(5);
    }
    delivered.push(performance.now() - t0);
  }
  delivered.sort((a, b) => a - b);
  console.log(
    `post to all ${MEMBERS} notices stored (queue + worker): ${formatLatency(delivered)} (5 posts)`,
  );

  const alone = await timeSequential(POSTS, postTo(empty!.id), 3);
  console.log(`POST /api/posts, club with no members:        ${formatLatency(alone)} (${POSTS} posts)`);
  const fanned = await timeSequential(POSTS, postTo(big!.id), 3);
  console.log(`POST /api/posts, club of ${MEMBERS} members:  ${formatLatency(fanned)} (${POSTS} posts)`);
  const [row] = await sql<{ notices: number }[]>`select count(*)::int as notices from user_notices`;
  console.log(`notices stored in all: ${row!.notices}`);

  const count = await timeSequential(
    200,
    () => call("GET", "/api/notifications/notices/count", readerToken),
    20,
  );
  console.log(`GET /api/notifications/notices/count: ${formatLatency(count)}`);
  const list = await timeSequential(
    200,
    () => call("GET", "/api/notifications/notices?limit=20", readerToken),
    20,
  );
  console.log(`GET /api/notifications/notices?limit=20:          ${formatLatency(list)}`);
  await deps.jobs.stop();
  await client.close();
} finally {
  await pg.stop();
}
