import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { isUniqueViolation, VERIFIED_EMAIL_INDEX } from "../../lib/database/errors";
import {
  BadRequest,
  Conflict,
  Invalid,
  NotFound,
  ServiceUnavailable,
  TooManyRequests,
} from "../../lib/errors";
import { maskEmail } from "../../lib/mail-layout";
import { takeMailTo } from "../../platform/rate-limits/actions";
import { releaseHolds, reportRefusal } from "../../platform/rate-limits/service";
import {
  CODE_MAX_ATTEMPTS,
  CODE_MIN_INTERVAL_MS,
  CODE_TTL_MS,
  consumeCode,
  issueCode,
  releaseMinuteThrottle,
} from "./codes";
import { verificationCodeMail } from "./emails";
import { findCodeUser, findLiveCodeTimes, setEmailVerified } from "./queries";

type Deps = Pick<AppDeps, "db" | "mailer" | "logger" | "jwtSecret" | "config">;

/**
 * Sends a verification code to the e-mail on the profile. The code is stored before the send,
 * so a failed send loses nothing: the client shows "Failed to start verification" and offers
 * Resend code.
 */
export async function startEmailVerification({ deps, userId }: { deps: Deps; userId: number }) {
  // Without SMTP there is nothing to send: say so before a code is stored or throttled.
  if (deps.mailer.mode === "disabled") throw new ServiceUnavailable(m.operations.mailNotConfigured);
  const user = await findCodeUser(deps.db, userId);
  if (!user) throw new NotFound(m.accounts.userNotFound);
  if (!user.email) throw new Invalid(m.accounts.emailMissing);
  // A screen opened again (a reload, the way back from the mail app, the profile's "Verify
  // e-mail" right after sign-up) asks again within the minute: the code it asks for is already
  // on its way, so say where rather than refuse with the limit meant for repeated asks.
  const now = new Date();
  const live = await findLiveCodeTimes(deps.db, {
    userId,
    purpose: "verify_email",
    now,
    maxAttempts: CODE_MAX_ATTEMPTS,
  });
  if (live && now.getTime() - live.createdAt.getTime() < CODE_MIN_INTERVAL_MS) {
    const expiresIn = Math.max(1, Math.round((live.expiresAt.getTime() - now.getTime()) / 1000));
    return { sent: true as const, email: maskEmail(user.email), expires_in: expiresIn, already_sent: true };
  }
  // Mails to one address are limited whichever account asks (fresh accounts cannot mail-bomb it).
  const mailSlot = await takeMailTo({ deps, address: user.email });
  if (!mailSlot.ok) {
    reportRefusal(mailSlot.key);
    throw new TooManyRequests(m.rateLimits.mails, mailSlot.retryAfterSec);
  }
  const issued = await issueCode({ db: deps.db, secret: deps.jwtSecret, userId, purpose: "verify_email" });
  if (!issued.ok) {
    await releaseHolds(deps.db, mailSlot.holds);
    throw new TooManyRequests(m.accounts.tooManyCodes, issued.retryAfterSec);
  }
  try {
    await deps.mailer.send({ to: user.email, ...verificationCodeMail({ user, code: issued.code }) });
  } catch (error) {
    deps.logger.warn({ err: error, user_id: userId }, "verification mail could not be sent");
    await releaseMinuteThrottle({ db: deps.db, codeId: issued.codeId });
    throw new ServiceUnavailable(m.accounts.failedToStartVerification);
  }
  return {
    sent: true as const,
    email: maskEmail(user.email),
    expires_in: CODE_TTL_MS / 1000,
    already_sent: false,
  };
}

export async function confirmEmailVerification({
  deps,
  userId,
  code,
}: {
  deps: Deps;
  userId: number;
  code: string;
}) {
  let result: Awaited<ReturnType<typeof consumeCode>>;
  try {
    result = await consumeCode({
      db: deps.db,
      secret: deps.jwtSecret,
      userId,
      purpose: "verify_email",
      code,
      onSuccess: (tx) => setEmailVerified(tx, userId),
    });
  } catch (error) {
    // Another account verified this address first; only this mailbox's reader gets this far.
    if (isUniqueViolation(error, VERIFIED_EMAIL_INDEX)) throw new Conflict(m.accounts.emailTaken);
    throw error;
  }
  if (result === "none") throw new BadRequest(m.accounts.codeDead);
  if (result === "wrong") throw new BadRequest(m.accounts.invalidCode);
  return { email_verified: true as const, detail: m.accounts.emailVerified };
}
