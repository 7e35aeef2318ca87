import { sql } from "drizzle-orm";
import { revokedTokens } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** At most this many expired revocations are deleted per log-out (it adds only one). */
const PURGE_BATCH = 100;

/**
 * Revokes one token (by its hash) until it expires, and in the same statement deletes a batch
 * of revocations whose tokens have expired anyway: the table only grows by log-outs, so each
 * log-out clearing up to 100 keeps it to about the log-outs of one JWT_TTL. SKIP LOCKED lets
 * parallel log-outs purge without waiting on, or deadlocking with, each other. Revoking the same
 * token twice keeps the first row.
 */
export async function revokeToken(
  db: Executor,
  { tokenHash, userId, expiresAt }: { tokenHash: string; userId: number; expiresAt: Date },
) {
  await db.execute(sql`
    with purged as (
      delete from ${revokedTokens} where ${revokedTokens.tokenHash} in (
        select token_hash from ${revokedTokens} where ${revokedTokens.expiresAt} < now()
        order by ${revokedTokens.expiresAt} limit ${PURGE_BATCH} for update skip locked))
    insert into ${revokedTokens} (token_hash, user_id, expires_at)
    values (${tokenHash}, ${userId}, ${expiresAt.toISOString()}::timestamptz)
    on conflict (token_hash) do nothing`);
}
