import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { digestSends, digestTokens, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** Who may get a digest: a verified address, not banned, and the digest not turned off. */
const wantsDigest = (now: Date) => sql`
  ${users.email} is not null and ${users.emailVerified}
  and (${users.banUntil} is null or ${users.banUntil} <= ${now.toISOString()}::timestamptz)
  and not exists (
    select 1 from user_notification_settings s
    where s.user_id = ${users.id} and s.settings -> 'digest' = 'false'::jsonb)`;

/** One page of the people who may get a digest, in id order (keyset: ids after `afterId`). */
export async function listDigestCandidates(
  db: Executor,
  { afterId, limit, now }: { afterId: number; limit: number; now: Date },
): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(gt(users.id, afterId), wantsDigest(now)))
    .orderBy(users.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The person, when they may get a digest; their region is the one they picked, else their profile's. */
export async function findDigestRecipient(db: Executor, userId: number, now: Date) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      email: users.email,
      locale: users.locale,
      region: sql<
        string | null
      >`coalesce((select ui.region from user_interests ui where ui.user_id = ${users.id}), ${users.region})`,
    })
    .from(users)
    .where(and(eq(users.id, userId), wantsDigest(now)));
  return rows[0] ?? null;
}

export type DigestRecipient = NonNullable<Awaited<ReturnType<typeof findDigestRecipient>>>;

/** When the person's last digest went out (null: never). */
export async function findLastDigestAt(db: Executor, userId: number): Promise<Date | null> {
  const rows = await db
    .select({ sentAt: digestSends.sentAt })
    .from(digestSends)
    .where(eq(digestSends.userId, userId))
    .orderBy(desc(digestSends.sentAt))
    .limit(1);
  return rows[0]?.sentAt ?? null;
}

export async function hasDigestFor(db: Executor, userId: number, week: string): Promise<boolean> {
  const rows = await db
    .select({ userId: digestSends.userId })
    .from(digestSends)
    .where(and(eq(digestSends.userId, userId), eq(digestSends.week, week)));
  return rows.length > 0;
}

/** Records this person's digest for the week as sent (the ledger row sendOnce checks). */
export async function recordDigestSend(
  db: Executor,
  sent: { userId: number; week: string; sentAt: Date; items: number },
): Promise<void> {
  await db
    .insert(digestSends)
    .values({ userId: sent.userId, week: sent.week, sentAt: sent.sentAt, items: sent.items })
    .onConflictDoNothing();
}

/** The person's unsubscribe token, made (random, 256 bits) the first time it is needed. */
export async function ensureDigestToken(db: Executor, userId: number): Promise<string> {
  await db
    .insert(digestTokens)
    .values({ userId, token: randomBytes(32).toString("base64url") })
    .onConflictDoNothing({ target: digestTokens.userId });
  const rows = await db
    .select({ token: digestTokens.token })
    .from(digestTokens)
    .where(eq(digestTokens.userId, userId));
  return rows[0]!.token;
}

/** Whose token this is (null: unknown), with what the unsubscribe page shows. */
export async function findTokenOwner(db: Executor, token: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(digestTokens)
    .innerJoin(users, eq(users.id, digestTokens.userId))
    .where(eq(digestTokens.token, token));
  return rows[0] ?? null;
}
