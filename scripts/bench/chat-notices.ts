/**
 * The chat notices' upsert of a club message (notices' clubMessageNoticesStatement, run in the
 * message's insert since "Notices in the insert"; docs/capacity.md, branch `live48c`) for a club of MEMBERS, every member's read
 * mark fresh (a busy chat: nobody gets a notice) or a minute old (a quiet chat: everybody does),
 * with none of them named `inChat` (a process with no live followers, as `main`) and with all
 * of them named (the live hub's settled followers). Sequential calls in process, alternating
 * the two in rounds (10 untimed first); prints the statement's latency (mostly PostgreSQL's time) and the load.
 *
 *   bun scripts/bench/chat-notices.ts          (MEMBERS=2000 RUNS=100 ROUNDS=3)
 */

import { sql as drizzleSql } from "drizzle-orm";
import postgres from "postgres";
import { clubMessageNoticesStatement } from "../../src/features/notices";
import { connectDatabase } from "../../src/lib/database/client";
import { formatLatency, startBenchPostgres } from "./support";

const MEMBERS = Number(process.env.MEMBERS ?? 2000);
const RUNS = Number(process.env.RUNS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const load = async () => (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");

const pg = await startBenchPostgres();
try {
  const url = await pg.createDatabase(`bench_chat_notices_${process.pid}`);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const members = await sql<{ id: number }[]>`
    insert into users (username, password_hash) select 'cn_' || g, 'x' from generate_series(1, ${MEMBERS}::int) g
    returning id`;
  const [club] = await sql<
    { id: number }[]
  >`insert into clubs (name, description) values ('Club', 'b') returning id`;
  const clubId = club!.id;
  const ids = members.map((m) => m.id);
  await sql`insert into club_members (club_id, user_id) select ${clubId}, unnest(${ids}::int[])`;
  await sql`insert into conversation_reads (user_id, conversation_key, last_read_id)
    select unnest(${ids}::int[]), ${`club:${clubId}`}, 1 on conflict do nothing`;
  await sql`vacuum analyze`;
  const client = connectDatabase(url);
  const senderId = ids[0]!;
  const ages = { busy: "0 seconds", quiet: "1 minute" } as const;
  console.log(`chat notices: a club of ${MEMBERS}, ${RUNS} upserts per case and round; load ${await load()}`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const chat of ["busy", "quiet"] as const) {
      for (const inChat of [[], ids] as const) {
        // Each case starts from tables without the dead rows the last one left (its mark updates).
        await sql`vacuum analyze conversation_reads, user_notices`;
        const upserts: number[] = [];
        for (let i = -10; i < RUNS; i++) {
          await sql`update conversation_reads set updated_at = now() - ${ages[chat]}::interval
            where conversation_key = ${`club:${clubId}`}`;
          const t0 = performance.now();
          await client.db.execute(
            clubMessageNoticesStatement({ senderId, clubId, inChat }, drizzleSql`true`),
          );
          if (i >= 0) upserts.push(performance.now() - t0);
          await sql`update user_notices set read_at = now() where conversation_key = ${`club:${clubId}`} and read_at is null`;
        }
        upserts.sort((a, b) => a - b);
        console.log(
          `round ${round}, ${chat} chat, ${inChat.length === 0 ? "nobody in the chat live (main)" : `all ${MEMBERS} settled live`}: ${formatLatency(upserts)}; load ${await load()}`,
        );
      }
    }
  }
  await client.close();
  await sql.end();
} finally {
  await pg.stop();
}
