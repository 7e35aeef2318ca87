import { eq, lt, sql } from "drizzle-orm";
import { mailSends } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/**
 * Holds `key` until the caller's transaction ends (commit, rollback, or its connection dropping
 * when the process dies): a second sender of the same key waits here, then finds it sent.
 */
export async function lockSendKey(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export async function hasSentMail(db: Executor, key: string): Promise<boolean> {
  const rows = await db.select({ key: mailSends.key }).from(mailSends).where(eq(mailSends.key, key));
  return rows.length > 0;
}

export async function recordSentMail(db: Executor, key: string): Promise<void> {
  await db.insert(mailSends).values({ key }).onConflictDoNothing();
}

/** Deletes ledger rows recorded before `before`; returns how many. */
export async function deleteSentMailsBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(mailSends)
    .where(lt(mailSends.sentAt, before))
    .returning({ key: mailSends.key });
  return rows.length;
}
