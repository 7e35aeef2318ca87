import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Database, Executor } from "../../lib/database/client";
import { recordRateLimitRefusal } from "../../lib/metrics";
import {
  type CodePurpose,
  codeSendStats,
  countWrongAttempt,
  deleteCodesCreatedBefore,
  expireLiveCodes,
  findLiveCodeForUpdate,
  findLiveCodesByHashForUpdate,
  findLiveCodeTimes,
  insertCode,
  lockUser,
  markCodeUsed,
  setCodeCreatedAt,
} from "./queries";

/** Other features (a changed e-mail address) retire live codes through this. */
export { expireLiveCodes } from "./queries";

export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_MIN_INTERVAL_MS = 60 * 1000;
const CODE_DAILY_LIMIT = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Six digits from the operating system's secure random source. */
function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/**
 * Keyed hash (HMAC-SHA256 with the server secret): a leaked table cannot be turned back into
 * codes by hashing all million candidates without the key.
 */
function hashCode(secret: string, purpose: CodePurpose, code: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

export type IssuedCode = { ok: true; code: string; codeId: number } | { ok: false; retryAfterSec: number };

/**
 * Stores a fresh code for the account (replacing any live one), unless the account asked too
 * recently (one a minute) or too often (ten a day) for this purpose. `retry`: the same request
 * again (a mail job retried after its process died), which may or may not have mailed the code
 * it issued: the minute's wait does not apply to it, the daily limit does.
 */
export async function issueCode({
  db,
  secret,
  userId,
  purpose,
  retry = false,
}: {
  db: Database;
  secret: string;
  userId: number;
  purpose: CodePurpose;
  retry?: boolean;
}): Promise<IssuedCode> {
  return await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const now = new Date();
    const stats = await codeSendStats(tx, userId, purpose, new Date(now.getTime() - DAY_MS));
    // The minute's wait is for asking again for a code that still works; a code used up or
    // killed (the e-mail changed) leaves nothing to wait for, only the daily limit counts it.
    const live = await findLiveCodeTimes(tx, { userId, purpose, now, maxAttempts: CODE_MAX_ATTEMPTS });
    if (!retry && live && now.getTime() - live.createdAt.getTime() < CODE_MIN_INTERVAL_MS) {
      recordRateLimitRefusal(`${purpose}_code`);
      return {
        ok: false,
        retryAfterSec: (live.createdAt.getTime() + CODE_MIN_INTERVAL_MS - now.getTime()) / 1000,
      };
    }
    if (stats.sent >= CODE_DAILY_LIMIT && stats.oldest) {
      recordRateLimitRefusal(`${purpose}_code`);
      return { ok: false, retryAfterSec: (stats.oldest.getTime() + DAY_MS - now.getTime()) / 1000 };
    }
    await expireLiveCodes(tx, userId, purpose, now);
    // Rows older than the throttle window serve no purpose any more.
    await deleteCodesCreatedBefore(tx, userId, new Date(now.getTime() - 2 * DAY_MS));
    const code = generateCode();
    const codeId = await insertCode(tx, {
      userId,
      purpose,
      codeHash: hashCode(secret, purpose, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    return { ok: true, code, codeId };
  });
}

/**
 * After a failed send the code stays valid (the mail may still arrive), but the one-a-minute
 * wait is lifted so "Resend code" works at once; the daily limit still counts it.
 */
export async function releaseMinuteThrottle({ db, codeId }: { db: Database; codeId: number }) {
  await setCodeCreatedAt(db, codeId, new Date(Date.now() - CODE_MIN_INTERVAL_MS));
}

export type CodeCheck = "ok" | "wrong" | "none";

/**
 * Checks a code against the account's live code. A wrong code counts a try (5 kill it); the
 * right one is used up and `onSuccess` runs in the same transaction.
 */
export async function consumeCode({
  db,
  secret,
  userId,
  purpose,
  code,
  onSuccess,
}: {
  db: Database;
  secret: string;
  userId: number;
  purpose: CodePurpose;
  code: string;
  onSuccess: (tx: Executor) => Promise<void>;
}): Promise<CodeCheck> {
  return await db.transaction(async (tx) => {
    const now = new Date();
    const live = await findLiveCodeForUpdate(tx, { userId, purpose, now, maxAttempts: CODE_MAX_ATTEMPTS });
    if (!live) return "none";
    if (!sameHash(live.codeHash, hashCode(secret, purpose, code))) {
      await countWrongAttempt(tx, live.id);
      return "wrong";
    }
    await markCodeUsed(tx, live.id, now);
    await onSuccess(tx);
    return "ok";
  });
}

/**
 * For a reset confirm that names no account: finds the code by its hash. A miss changes
 * nothing for anyone's code (the caller limits such guesses per client address and in total,
 * which keeps guessing across all live codes hopeless). Two accounts holding the same code
 * (one in a million) is refused.
 */
export async function consumeCodeByValue({
  db,
  secret,
  purpose,
  code,
  onSuccess,
}: {
  db: Database;
  secret: string;
  purpose: CodePurpose;
  code: string;
  onSuccess: (tx: Executor, userId: number) => Promise<void>;
}): Promise<CodeCheck> {
  return await db.transaction(async (tx) => {
    const now = new Date();
    const options = { purpose, now, maxAttempts: CODE_MAX_ATTEMPTS };
    const matches = await findLiveCodesByHashForUpdate(tx, {
      ...options,
      codeHash: hashCode(secret, purpose, code),
    });
    if (matches.length !== 1) return "wrong";
    const match = matches[0]!;
    await markCodeUsed(tx, match.id, now);
    await onSuccess(tx, match.userId);
    return "ok";
  });
}

/** How long a reset code handed out by an admin stays good: long enough to meet the student. */
const ADMIN_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A password-reset code an admin hands to a student who has no working e-mail. It replaces any
 * live reset code (mailed or handed) and is checked like a mailed one (once, five tries, until it expires); the
 * per-account throttle does not apply, since an admin asks. The caller shows it once and never
 * stores or logs it: only its keyed hash is kept.
 */
export async function issueResetCodeForAdmin({
  db,
  secret,
  userId,
}: {
  db: Executor;
  secret: string;
  userId: number;
}): Promise<{ code: string; expiresAt: Date }> {
  const now = new Date();
  await lockUser(db, userId);
  await expireLiveCodes(db, userId, "password_reset", now);
  await expireLiveCodes(db, userId, "admin_reset", now);
  const code = generateCode();
  const expiresAt = new Date(now.getTime() + ADMIN_CODE_TTL_MS);
  await insertCode(db, {
    userId,
    purpose: "admin_reset",
    codeHash: hashCode(secret, "admin_reset", code),
    expiresAt,
    createdAt: now,
  });
  return { code, expiresAt };
}
