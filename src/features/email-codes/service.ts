import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { BadRequest, Invalid, NotFound, ServiceUnavailable, TooManyRequests } from "../../lib/errors";
import { CODE_TTL_MS, consumeCode, issueCode, releaseMinuteThrottle } from "./codes";
import { verificationCodeMail } from "./emails";
import { maskEmail } from "./mail-layout";
import { findCodeUser, setEmailVerified } from "./queries";

type Deps = Pick<AppDeps, "db" | "mailer" | "logger" | "jwtSecret">;

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
  const issued = await issueCode({ db: deps.db, secret: deps.jwtSecret, userId, purpose: "verify_email" });
  if (!issued.ok) throw new TooManyRequests(m.accounts.tooManyCodes, issued.retryAfterSec);
  try {
    await deps.mailer.send({ to: user.email, ...verificationCodeMail({ user, code: issued.code }) });
  } catch (error) {
    deps.logger.warn({ err: error, user_id: userId }, "verification mail could not be sent");
    await releaseMinuteThrottle({ db: deps.db, codeId: issued.codeId });
    throw new ServiceUnavailable(m.accounts.failedToStartVerification);
  }
  return { sent: true as const, email: maskEmail(user.email), expires_in: CODE_TTL_MS / 1000 };
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
  const result = await consumeCode({
    db: deps.db,
    secret: deps.jwtSecret,
    userId,
    purpose: "verify_email",
    code,
    onSuccess: (tx) => setEmailVerified(tx, userId),
  });
  if (result === "none") throw new BadRequest(m.accounts.codeDead);
  if (result === "wrong") throw new BadRequest(m.accounts.invalidCode);
  return { email_verified: true as const, detail: m.accounts.emailVerified };
}
