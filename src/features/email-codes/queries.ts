import { and, count, desc, eq, gt, isNull, lt, max, min, sql } from "drizzle-orm";
import { emailCodes, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** admin_reset: a reset code an admin handed over in person (it proves nothing about the e-mail). */
export type CodePurpose = "verify_email" | "password_reset" | "admin_reset";

/** Serialises code work per account, so two parallel requests cannot both pass the throttle. */
export async function lockUser(db: Executor, userId: number) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return rows.length > 0;
}

export async function findCodeUser(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      email: users.email,
      locale: users.locale,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * An identifier with "@" is an e-mail address (usernames cannot contain one). Both are citext.
 * Several accounts may carry one unverified address: the verified holder wins, else the newest.
 */
export async function findUserByIdentifier(db: Executor, identifier: string) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      email: users.email,
      locale: users.locale,
    })
    .from(users)
    .where(identifier.includes("@") ? eq(users.email, identifier) : eq(users.username, identifier))
    .orderBy(desc(users.emailVerified), desc(users.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function codeSendStats(db: Executor, userId: number, purpose: CodePurpose, since: Date) {
  const rows = await db
    .select({ sent: count(), oldest: min(emailCodes.createdAt), latest: max(emailCodes.createdAt) })
    .from(emailCodes)
    .where(
      and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), gt(emailCodes.createdAt, since)),
    );
  const row = rows[0];
  return {
    sent: row?.sent ?? 0,
    oldest: row?.oldest ? new Date(row.oldest) : null,
    latest: row?.latest ? new Date(row.latest) : null,
  };
}

/** A new code replaces the old: every live code of that purpose expires now. */
export async function expireLiveCodes(db: Executor, userId: number, purpose: CodePurpose, now: Date) {
  await db
    .update(emailCodes)
    .set({ expiresAt: now })
    .where(
      and(
        eq(emailCodes.userId, userId),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, now),
      ),
    );
}

export async function deleteCodesCreatedBefore(db: Executor, userId: number, before: Date) {
  await db.delete(emailCodes).where(and(eq(emailCodes.userId, userId), lt(emailCodes.createdAt, before)));
}

export async function insertCode(
  db: Executor,
  values: { userId: number; purpose: CodePurpose; codeHash: string; expiresAt: Date; createdAt: Date },
) {
  const rows = await db.insert(emailCodes).values(values).returning({ id: emailCodes.id });
  return rows[0]!.id;
}

export async function setCodeCreatedAt(db: Executor, id: number, createdAt: Date) {
  await db.update(emailCodes).set({ createdAt }).where(eq(emailCodes.id, id));
}

const liveCode = (purpose: CodePurpose, now: Date, maxAttempts: number) =>
  and(
    eq(emailCodes.purpose, purpose),
    isNull(emailCodes.usedAt),
    gt(emailCodes.expiresAt, now),
    lt(emailCodes.attempts, maxAttempts),
  );

export async function findLiveCodeForUpdate(
  db: Executor,
  options: { userId: number; purpose: CodePurpose; now: Date; maxAttempts: number },
) {
  const rows = await db
    .select({ id: emailCodes.id, userId: emailCodes.userId, codeHash: emailCodes.codeHash })
    .from(emailCodes)
    .where(
      and(eq(emailCodes.userId, options.userId), liveCode(options.purpose, options.now, options.maxAttempts)),
    )
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1)
    .for("update");
  return rows[0] ?? null;
}

/** When the account's live code (if any) was sent, and until when it works. */
export async function findLiveCodeTimes(
  db: Executor,
  options: { userId: number; purpose: CodePurpose; now: Date; maxAttempts: number },
) {
  const rows = await db
    .select({ createdAt: emailCodes.createdAt, expiresAt: emailCodes.expiresAt })
    .from(emailCodes)
    .where(
      and(eq(emailCodes.userId, options.userId), liveCode(options.purpose, options.now, options.maxAttempts)),
    )
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findLiveCodesByHashForUpdate(
  db: Executor,
  options: { purpose: CodePurpose; codeHash: string; now: Date; maxAttempts: number },
) {
  return await db
    .select({ id: emailCodes.id, userId: emailCodes.userId, codeHash: emailCodes.codeHash })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.codeHash, options.codeHash),
        liveCode(options.purpose, options.now, options.maxAttempts),
      ),
    )
    .for("update");
}

export async function countWrongAttempt(db: Executor, id: number) {
  await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, id));
}

export async function markCodeUsed(db: Executor, id: number, now: Date) {
  await db.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, id));
}

export async function setEmailVerified(db: Executor, userId: number) {
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * New password; bumping token_version refuses every token issued before. A mailed code proves
 * the address (`provesEmail`); a code an admin handed over does not.
 */
export async function replacePassword(
  db: Executor,
  userId: number,
  passwordHash: string,
  provesEmail = true,
) {
  const rows = await db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      // The code reached this address, which proves the user reads it, unless another account
      // verified it first (only one verified holder per address).
      emailVerified: provesEmail
        ? sql`(${users.emailVerified} or not exists (
        select 1 from users o where o.email = "users"."email" and o.email_verified and o.id <> "users"."id"))`
        : users.emailVerified,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ username: users.username });
  return rows[0] ?? null;
}
