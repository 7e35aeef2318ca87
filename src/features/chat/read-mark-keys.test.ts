import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { CHANGE_KEYS_CHANNEL, parseChangeNotice } from "../../lib/poll-memory/keys";
import { advanceReadMarks } from "./live-queries";

/**
 * Read marks' change keys (migration 0051): a statement that moves many marks, as the live
 * connection's delivery of one club message does, sends its keys in a few NOTIFYs, not one per
 * row, and still every key each row sent before.
 */
let t: TestApp;
let listener: postgres.Sql;
const heard: string[][] = [];
beforeAll(async () => {
  t = await setupTestApp();
  listener = postgres(t.databaseUrl, { max: 1, onnotice: () => {} });
  await listener.listen(CHANGE_KEYS_CHANNEL, (payload) => heard.push(parseChangeNotice(payload).keys));
});
afterAll(async () => {
  await listener.end();
  await t.close();
});

/** Resolves once every key in `keys` was heard (NOTIFYs arrive in commit order). */
async function hearAll(keys: string[]) {
  const wanted = new Set(keys);
  for (let i = 0; i < 1000; i++) {
    for (const notice of heard) for (const key of notice) wanted.delete(key);
    if (wanted.size === 0) return;
    await Bun.sleep(10);
  }
  throw new Error(`never heard ${[...wanted].slice(0, 5).join(", ")} (of ${wanted.size})`);
}

/** `count` new accounts named `<prefix><n>`: the people whose marks a test moves. */
async function insertPeople(prefix: string, count: number): Promise<number[]> {
  const people = await t.sql<{ id: number }[]>`
    insert into users (username, password_hash)
    select ${prefix} || g, 'x' from generate_series(1, ${count}::int) g returning id`;
  return people.map((person) => person.id);
}

test("a thousand read marks moved in one statement send their p and R keys in a few NOTIFYs", async () => {
  const ids = await insertPeople("marks_", 1000);
  const key = "club:987654";

  heard.length = 0;
  await advanceReadMarks(t.db, { key, marks: ids.map((userId) => ({ userId, lastReadId: 10 })) });
  await hearAll(ids.flatMap((id) => [`p${id}`, `R${id}:${key}`]));
  const inserted = heard.filter((keys) => keys.some((k) => k.startsWith("R") && k.endsWith(`:${key}`)));
  expect(inserted.length).toBeLessThanOrEqual(Math.ceil(1000 / 180));

  // Moved forward again (an update): the same keys, as few NOTIFYs.
  heard.length = 0;
  await advanceReadMarks(t.db, { key, marks: ids.map((userId) => ({ userId, lastReadId: 20 })) });
  await hearAll(ids.flatMap((id) => [`p${id}`, `R${id}:${key}`]));
  expect(heard.filter((keys) => keys.some((k) => k.endsWith(`:${key}`))).length).toBeLessThanOrEqual(6);

  // A mark touched without moving forward says only that the person's rows changed.
  heard.length = 0;
  await t.sql`update conversation_reads set updated_at = now() where user_id = ${ids[0]!} and conversation_key = ${key}`;
  await hearAll([`p${ids[0]}`]);
  expect(heard.flat().some((k) => k.startsWith("R"))).toBe(false);

  // Deleted (the account went): the person's key.
  heard.length = 0;
  await t.sql`delete from conversation_reads where user_id = any(${ids.slice(0, 3)}::int[])`;
  await hearAll(ids.slice(0, 3).map((id) => `p${id}`));
});

test("one statement that moves some marks and touches others sends R keys for the moved ones only", async () => {
  const ids = await insertPeople("mixed_", 4);
  const key = "club:987655";
  await advanceReadMarks(t.db, { key, marks: ids.map((userId) => ({ userId, lastReadId: 10 })) });
  await hearAll(ids.map((id) => `R${id}:${key}`));

  heard.length = 0;
  // The first two move forward, the third goes back, the fourth stays: one UPDATE statement.
  await t.sql`
    update conversation_reads c set last_read_id = v.l, updated_at = now()
    from (select unnest(${ids}::int[]) as u, unnest(${[11, 12, 5, 10]}::bigint[]) as l) v
    where c.user_id = v.u and c.conversation_key = ${key}`;
  await hearAll(ids.map((id) => `p${id}`));
  const keys = heard.flat();
  expect(keys).toContain(`R${ids[0]}:${key}`);
  expect(keys).toContain(`R${ids[1]}:${key}`);
  expect(keys).not.toContain(`R${ids[2]}:${key}`);
  expect(keys).not.toContain(`R${ids[3]}:${key}`);
});

test("the keys' trigger pairs old and new marks without a nested loop over its transition tables", async () => {
  // PostgreSQL plans a transition table as one row: a join of the two was a nested loop, n × n
  // comparisons (350 ms of the primary's CPU for a club of 2,000, migration 0060). The plans
  // are read from auto_explain, sent to this session as NOTICEs.
  const plans: string[] = [];
  const session = postgres(t.databaseUrl, {
    max: 1,
    onnotice: (notice) => plans.push(String(notice.message)),
  });
  try {
    const ids = await insertPeople("plan_", 50);
    const key = "club:987656";
    await session`select advance_live_read_marks(${key}, ${ids}::int[], ${ids.map(() => 1)}::bigint[])`;
    await session`load 'auto_explain'`;
    await session`set auto_explain.log_min_duration = 0`;
    await session`set auto_explain.log_nested_statements = on`;
    await session`set auto_explain.log_level = notice`;
    await session`select advance_live_read_marks(${key}, ${ids}::int[], ${ids.map(() => 2)}::bigint[])`;
    const triggerPlans = plans.filter((plan) => plan.includes("Tuplestore Scan"));
    expect(triggerPlans.length).toBeGreaterThan(0);
    for (const plan of triggerPlans) expect(plan).not.toContain("Nested Loop");
  } finally {
    await session.end();
  }
});
