import type postgres from "postgres";
import { PRODUCTION_PASSWORD_COST } from "../../src/config";
import { hashPassword } from "../../src/lib/passwords";

/**
 * The chat benchmark's database (scripts/bench/chat.ts): bench users with direct conversations
 * and clubs, thousands of background users and pairs, club chats with history, read marks a
 * regular user would have; and signing a bench user in.
 */
export const BENCH_USERS = 40;
const PARTNERS_PER_USER = 20;
const MESSAGES_PER_CONVERSATION = 100;
export const BACKGROUND_USERS = 2000;
const BACKGROUND_PAIRS = 5000;
export const CLUBS = 20;
const CLUB_MESSAGES = 2000;
const PASSWORD = "bench-password-123";

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

/** What seed made, for the benchmark to use. */
export type ChatSeed = Awaited<ReturnType<typeof seed>>;

export async function logIn(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
