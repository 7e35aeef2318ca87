import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { WatchedWordAction } from "../../../common/watched-words";
import { auditLog, watchedWords } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export type WatchedWordRow = typeof watchedWords.$inferSelect;

export async function selectWatchedWords(db: Executor) {
  return await db.select().from(watchedWords).orderBy(asc(watchedWords.word), asc(watchedWords.id));
}

export async function findWatchedWord(db: Executor, id: number) {
  const rows = await db.select().from(watchedWords).where(eq(watchedWords.id, id));
  return rows[0] ?? null;
}

/** Null when an entry with the same match key is already listed. */
export async function insertWatchedWord(
  db: Executor,
  values: { word: string; matchKey: string; action: WatchedWordAction },
) {
  const rows = await db.insert(watchedWords).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function insertWatchedWords(
  db: Executor,
  values: { word: string; matchKey: string; action: WatchedWordAction }[],
) {
  if (values.length === 0) return 0;
  const rows = await db
    .insert(watchedWords)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: watchedWords.id });
  return rows.length;
}

export async function updateWatchedWordAction(db: Executor, id: number, action: WatchedWordAction) {
  const rows = await db
    .update(watchedWords)
    .set({ action, updatedAt: new Date() })
    .where(eq(watchedWords.id, id))
    .returning();
  return rows[0] ?? null;
}

export async function deleteWatchedWordRow(db: Executor, id: number) {
  const rows = await db.delete(watchedWords).where(eq(watchedWords.id, id)).returning();
  return rows[0] ?? null;
}

/**
 * Seeding happens once per installation: replicas starting together take turns on this lock,
 * and the audit entries the first one writes tell the others (and every later start) what is
 * done, even after admins have emptied the list: whether the list was seeded, and
 * which versions of the default actions (default-actions.ts) it has taken since.
 */
export async function lockAndReadSeeding(db: Executor) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('watched_words:seed', 0))`);
  const rows = await db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(inArray(auditLog.action, ["watched_word.seed", "watched_word.seed_update"]))
    .orderBy(asc(auditLog.id));
  const seed = rows.find((r) => r.action === "watched_word.seed");
  const versions = rows
    .map((r) => r.details.default_actions)
    .filter((v): v is string => typeof v === "string");
  return { seeded: !!seed, versions };
}

/** The words admins have taken off the list (their audit entries name them). */
export async function selectDeletedWords(db: Executor) {
  const rows = await db
    .select({ word: sql<string | null>`${auditLog.details}->>'word'` })
    .from(auditLog)
    .where(eq(auditLog.action, "watched_word.delete"));
  return rows.map((r) => r.word).filter((w): w is string => !!w);
}

/**
 * Seeded entries no admin has touched are changed from flag to hold. An entry is untouched when
 * it still has the seed's own timestamp: the seed writes every entry and its audit entry in one
 * transaction (one `now()`, compared in SQL at full precision), and any change through the admin
 * API moves `updated_at`.
 */
export async function holdUntouchedSeededWords(db: Executor, matchKeys: string[]) {
  if (matchKeys.length === 0) return [];
  const seededAt = sql`(select min(${auditLog.createdAt}) from ${auditLog} where ${auditLog.action} = 'watched_word.seed')`;
  const rows = await db
    .update(watchedWords)
    .set({ action: "hold", updatedAt: new Date() })
    .where(
      and(
        inArray(watchedWords.matchKey, matchKeys),
        eq(watchedWords.action, "flag"),
        sql`${watchedWords.createdAt} = ${seededAt}`,
        eq(watchedWords.updatedAt, watchedWords.createdAt),
      ),
    )
    .returning({ word: watchedWords.word });
  return rows.map((r) => r.word);
}
