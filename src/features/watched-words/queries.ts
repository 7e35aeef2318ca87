import { asc, eq, sql } from "drizzle-orm";
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
 * and the audit entry the first one writes tells the others (and every later start) it is done,
 * even after admins have emptied the list.
 */
export async function lockAndCheckSeeded(db: Executor) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('watched_words:seed', 0))`);
  const rows = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.action, "watched_word.seed"))
    .limit(1);
  return rows.length > 0;
}
