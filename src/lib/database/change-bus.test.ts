import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase } from "../../../test/app-process";
import { waitUntil } from "../../../test/wait";
import { createLogger } from "../logger";
import { changeKeys } from "../poll-memory/keys";
import { changeBusOf, followKeys } from "./change-bus";
import { connectDatabase } from "./client";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.drop());

const logger = createLogger("silent");

/** The LISTEN connections open on the test database, and the channels they listen on. */
async function listeners(sql: ReturnType<typeof connectDatabase>["sql"]) {
  return await sql<{ query: string }[]>`
    select query from pg_stat_activity
    where datname = current_database() and query ilike 'listen %'`;
}

test("one LISTEN connection and one channel per pool, whatever the number of followers", async () => {
  const pool = connectDatabase(database.url);
  try {
    const bus = changeBusOf(pool.db, logger);
    expect(changeBusOf(pool.db, logger)).toBe(bus);
    let resumed = 0;
    bus.follow({ changed: () => {}, resumed: () => resumed++ });
    followKeys(bus, [changeKeys.topClubs], () => {});
    followKeys(bus, [changeKeys.watchedWords], () => {});
    await waitUntil("listening", () => resumed > 0);
    const open = await listeners(pool.sql);
    expect(open.map((row) => row.query)).toEqual(['listen "clubnica_keys"']);
    // No trigger function is left on the old second channel.
    const [old] = await pool.sql<{ n: number }[]>`
      select count(*)::int as n from pg_proc where prosrc like '%clubnica_changes%'`;
    expect(old?.n).toBe(0);
  } finally {
    await pool.close();
  }
});

test("a write through another pool (another replica) reaches this pool's followers by key", async () => {
  const here = connectDatabase(database.url);
  const there = connectDatabase(database.url);
  try {
    const bus = changeBusOf(here.db, logger);
    let listening = false;
    const heard: string[] = [];
    bus.follow({ changed: (keys) => heard.push(...keys), resumed: () => (listening = true) });
    let topClubs = 0;
    let watched = 0;
    followKeys(bus, [changeKeys.topClubs], () => topClubs++);
    followKeys(bus, [changeKeys.watchedWords], () => watched++);
    await waitUntil("listening", () => listening);
    const [topBefore, watchedBefore] = [topClubs, watched];
    await there.sql`insert into watched_words (word, match_key, action) values ('zzbus', 'zzbus', 'flag')`;
    await waitUntil("the watched-words key", () => heard.includes(changeKeys.watchedWords));
    expect(watched).toBe(watchedBefore + 1);
    expect(topClubs).toBe(topBefore);
    await there.sql`update clubs set name = name where false`;
    await waitUntil("the top-clubs key", () => heard.includes(changeKeys.topClubs));
    expect(topClubs).toBe(topBefore + 1);
  } finally {
    await Promise.all([here.close(), there.close()]);
  }
});

test("a lost LISTEN connection tells followers, and listening again resumes them", async () => {
  const pool = connectDatabase(database.url);
  try {
    const events: string[] = [];
    changeBusOf(pool.db, logger).follow({
      changed: () => {},
      lost: () => events.push("lost"),
      resumed: () => events.push("resumed"),
    });
    await waitUntil("listening", () => events.includes("resumed"));
    await pool.sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`;
    await waitUntil("lost and back", () => events.join(" ") === "resumed lost resumed");
  } finally {
    await pool.close();
  }
});

test("this pool's own write: `committing` hears it before the commit, `changed` after; without `committing`, `changed` hears both", async () => {
  const pool = connectDatabase(database.url);
  try {
    const bus = changeBusOf(pool.db, logger);
    let listening = false;
    const committing: string[][] = [];
    const changed: string[][] = [];
    const plain: string[][] = [];
    bus.follow({
      changed: (keys) => changed.push(keys),
      committing: (keys) => committing.push(keys),
      resumed: () => (listening = true),
    });
    bus.follow({ changed: (keys) => plain.push(keys) });
    await waitUntil("listening", () => listening);
    const watched = (heard: string[][]) =>
      heard.filter((keys) => keys.includes(changeKeys.watchedWords)).length;
    await pool.sql.begin(async (tx) => {
      await tx`insert into watched_words (word, match_key, action) values ('zzown', 'zzown', 'flag')`;
      // Not committed yet: only the NOTICE has come.
      expect(watched(committing)).toBe(1);
      expect(watched(plain)).toBe(1);
      await Bun.sleep(50);
      expect(watched(changed)).toBe(0);
    });
    await waitUntil("the NOTIFY after the commit", () => watched(changed) === 1);
    await waitUntil("the plain follower's second hearing", () => watched(plain) === 2);
    expect(watched(committing)).toBe(1);
  } finally {
    await pool.close();
  }
});
