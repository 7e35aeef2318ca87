/**
 * Why the chat's hot statements run raw (src/features/chat/hot-queries.ts): each one, per call,
 * as a named prepared statement on postgres.js (the production path, row mapping included)
 * against drizzle's `db.execute` of the same SQL (an unnamed statement, parsed and planned on
 * every call).
 *
 *   bun scripts/bench/chat-prepared.ts      (CALLS=400 ROUNDS=4 to change the defaults)
 *
 * Over PostgreSQL (TEST_DATABASE_URL, else a throwaway embedded cluster) seeded as the chat
 * benchmark seeds it (scripts/bench/chat-seed.ts), on one connection, so a prepared statement is
 * planned once as it is on each pooled connection. The two forms alternate, ROUNDS times, so the
 * machine's other load falls on both. Prints, per form: wall µs per call (median of the rounds),
 * the app process's CPU and the PostgreSQL backend's CPU per call (from /proc; the backend is
 * where parsing and planning cost), and `uptime`.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import {
  clubPageStatement,
  conversationListStatement,
  directPageStatement,
  findClubPage,
  findDirectPage,
  listConversationRows,
  UNREAD_CAP,
} from "../../src/features/chat";
import { connectDatabase } from "../../src/lib/database/client";
import { processCpuMs } from "../../test/proc-cpu";
import { seed } from "./chat-seed";
import { startBenchPostgres } from "./support";

const CALLS = Number(process.env.CALLS ?? 400);
const ROUNDS = Number(process.env.ROUNDS ?? 4);

const uptime = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Form = { wall: number[]; app: number[]; backend: number[] };

/** CALLS calls of `step`: wall, app CPU and backend CPU, in µs per call. */
async function measure(step: () => Promise<unknown>, backendPid: number) {
  const app0 = processCpuMs("self", false);
  const pg0 = processCpuMs(backendPid, false);
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) await step();
  const wall = performance.now() - t0;
  return {
    wall: (wall * 1000) / CALLS,
    app: ((processCpuMs("self", false) - app0) * 1000) / CALLS,
    backend: ((processCpuMs(backendPid, false) - pg0) * 1000) / CALLS,
  };
}

async function main() {
  const pg = await startBenchPostgres();
  let seeding: postgres.Sql | null = null;
  let client: ReturnType<typeof connectDatabase> | null = null;
  try {
    const url = await pg.createDatabase(`clubnica_bench_prepared_${Date.now()}`);
    seeding = postgres(url, { max: 2, onnotice: () => {} });
    const seeded = await seed(seeding);
    client = connectDatabase(url, { max: 1 });
    const { db } = client;
    const [backend] = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    const pid = backend!.pid;

    const me = seeded.bench[0]!.id;
    const partner = seeded.benchPartners.get(me)![0]!;
    const club = seeded.clubIds[0]!;
    const [newest] = await seeding<{ id: string }[]>`
      select max(id) as id from messages where user_low = ${Math.min(me, partner)} and user_high = ${Math.max(me, partner)}`;
    const [newestClub] = await seeding<{ id: string; seq: string }[]>`
      select max(id) as id, max(change_seq) as seq from messages where club_id = ${club}`;
    const direct = {
      userId: me,
      otherId: partner,
      key: `user:${partner}`,
      window: { kind: "after" as const, cursor: Number(newest!.id), limit: 50 },
      changes: { after: 0, upToId: Number(newest!.id), limit: 50 },
    };
    const clubPoll = {
      channel: "club" as const,
      userId: me,
      clubId: club,
      key: `club:${club}`,
      window: { kind: "after" as const, cursor: Number(newestClub!.id), limit: 50 },
      changes: { after: Number(newestClub!.seq ?? 0), upToId: Number(newestClub!.id), limit: 50 },
    };
    const clubOpen = { ...clubPoll, window: { kind: "latest" as const, limit: 50 }, changes: null };
    const list = { userId: me, unreadCap: UNREAD_CAP };

    const cases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        "findDirectPage (2 s poll, nothing new)",
        () => findDirectPage(db, direct),
        () => db.execute(directPageStatement(direct)),
      ],
      [
        "findClubPage (2 s poll, nothing new)",
        () => findClubPage(db, clubPoll),
        () => db.execute(clubPageStatement(clubPoll)),
      ],
      [
        "findClubPage (opening a chat: 50 messages)",
        () => findClubPage(db, clubOpen),
        () => db.execute(clubPageStatement(clubOpen)),
      ],
      [
        "listConversationRows (20 conversations)",
        () => listConversationRows(db, list),
        () => db.execute(conversationListStatement(list)),
      ],
    ];

    console.log(`uptime (load 1/5/15 min) before: ${uptime()}`);
    console.log(
      `${CALLS} calls per form per round, ${ROUNDS} rounds alternating; µs per call (median of rounds)`,
    );
    for (const [name, raw, drizzle] of cases) {
      // Warm both: the prepared form plans once, drizzle's caches nothing between calls.
      for (let i = 0; i < 20; i++) await raw();
      for (let i = 0; i < 20; i++) await drizzle();
      const forms: Record<"raw" | "drizzle", Form> = {
        raw: { wall: [], app: [], backend: [] },
        drizzle: { wall: [], app: [], backend: [] },
      };
      for (let round = 0; round < ROUNDS; round++) {
        for (const [form, step] of (round % 2 === 0
          ? [
              ["raw", raw],
              ["drizzle", drizzle],
            ]
          : [
              ["drizzle", drizzle],
              ["raw", raw],
            ]) as ["raw" | "drizzle", () => Promise<unknown>][]) {
          const m = await measure(step, pid);
          forms[form].wall.push(m.wall);
          forms[form].app.push(m.app);
          forms[form].backend.push(m.backend);
        }
      }
      const line = (form: "raw" | "drizzle") =>
        `wall ${median(forms[form].wall).toFixed(0).padStart(5)} µs | app CPU ${median(forms[form].app)
          .toFixed(0)
          .padStart(5)} µs | PostgreSQL CPU ${median(forms[form].backend).toFixed(0).padStart(5)} µs`;
      console.log(`${name}\n  raw (prepared): ${line("raw")}\n  drizzle:        ${line("drizzle")}`);
    }
    console.log(`uptime (load 1/5/15 min) after: ${uptime()}`);
  } finally {
    await client?.close();
    await seeding?.end();
    await pg.stop();
  }
}

await main();
