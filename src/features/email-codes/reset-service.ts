import { m } from "../../../common/messages";
import { passwordCost } from "../../config";
import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { BadRequest, ServiceUnavailable, TooManyRequests } from "../../lib/errors";
import { hashPassword } from "../../lib/passwords";
import { takeMailTo } from "../../platform/rate-limits/actions";
import { type Hold, releaseHolds, reportRefusal, takeLimits } from "../../platform/rate-limits/service";
import { clearFailedLogins } from "../auth/accounts";
import { type CodeCheck, consumeCode, consumeCodeByValue, issueCode } from "./codes";
import { passwordResetCodeMail } from "./emails";
import { findUserByIdentifier, replacePassword } from "./queries";

type Deps = Pick<AppDeps, "db" | "mailer" | "logger" | "jwtSecret" | "config">;

// Reset mails are sent after the answer has gone; shutdown waits for them before closing the
// mailer (src/server.ts), and tests wait for them the same way.
const pending = new Set<Promise<void>>();
// A flood of requests must not pile up unbounded work in memory; past this they are dropped.
const MAX_PENDING = 200;

export async function settlePasswordResetMails(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

async function sendResetCode(deps: Deps, identifier: string): Promise<void> {
  const user = await findUserByIdentifier(deps.db, identifier);
  if (!user?.email) return;
  // Silently too: this answer never tells anything about the account.
  if (!(await takeMailTo({ deps, address: user.email })).ok) return;
  const issued = await issueCode({
    db: deps.db,
    secret: deps.jwtSecret,
    userId: user.id,
    purpose: "password_reset",
  });
  // Throttled silently: a 429 here would tell a stranger that the account exists.
  if (!issued.ok) return;
  await deps.mailer.send({ to: user.email, ...passwordResetCodeMail({ user, code: issued.code }) });
}

/**
 * Always the same answer, at the same speed: the lookup, the code and the mail all happen
 * after the response, so neither the body nor the timing tells whether the account exists.
 * A failed send is logged and the code stays stored.
 */
export function requestPasswordReset({ deps, identifier }: { deps: Deps; identifier: string }) {
  // The same answer for every account, so saying that mail is off tells a stranger nothing.
  if (deps.mailer.mode === "disabled") throw new ServiceUnavailable(m.operations.mailNotConfigured);
  if (pending.size >= MAX_PENDING) {
    deps.logger.warn("password reset requests dropped: too many in flight");
    return { detail: m.accounts.resetRequested };
  }
  // Started on the next turn of the event loop, so none of it runs before the answer is sent.
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => sendResetCode(deps, identifier))
    .catch((error) => deps.logger.warn({ err: error }, "password reset mail could not be sent"))
    .finally(() => pending.delete(work));
  pending.add(work);
  return { detail: m.accounts.resetRequested };
}

/**
 * Sets a new password with a reset code. The identifier, when sent, names the account and the
 * code is checked against that account's live code only. Every failure gives the same answer.
 */
export async function confirmPasswordReset({
  deps,
  identifier,
  code,
  newPassword,
  address,
}: {
  deps: Deps;
  identifier?: string;
  code: string;
  newPassword: string;
  address: string;
}) {
  let guess: Hold[] = [];
  if (!identifier) {
    // A code-only guess could match anyone's code: limited per address and for everyone together.
    const taken = await takeLimits(deps.db, [
      { key: `reset-guesses:a:${address}`, rate: deps.config.RATE_RESET_GUESSES_PER_ADDRESS },
      { key: "reset-guesses:all", rate: deps.config.RATE_RESET_GUESSES_TOTAL },
    ]);
    if (!taken.ok) {
      reportRefusal(taken.key);
      throw new TooManyRequests(m.rateLimits.resetGuesses, taken.retryAfterSec);
    }
    guess = taken.holds;
  }
  // Hashed first so every confirm costs the same, found account or not.
  const passwordHash = await hashPassword(newPassword, passwordCost(deps.config));
  let result: CodeCheck = "wrong";
  // A mailed code first, then one an admin handed over (which proves nothing about the e-mail).
  for (const purpose of ["password_reset", "admin_reset"] as const) {
    const apply = async (tx: Executor, userId: number) => {
      const updated = await replacePassword(tx, userId, passwordHash, purpose === "password_reset");
      if (updated) await clearFailedLogins(tx, updated.username);
    };
    if (identifier) {
      const user = await findUserByIdentifier(deps.db, identifier);
      result = user
        ? await consumeCode({
            db: deps.db,
            secret: deps.jwtSecret,
            userId: user.id,
            purpose,
            code,
            onSuccess: (tx) => apply(tx, user.id),
          })
        : "wrong";
    } else {
      result = await consumeCodeByValue({
        db: deps.db,
        secret: deps.jwtSecret,
        purpose,
        code,
        onSuccess: apply,
      });
    }
    if (result === "ok") break;
  }
  if (result !== "ok") throw new BadRequest(m.accounts.invalidCode);
  // The right code was no guess: it does not count against the address.
  await releaseHolds(deps.db, guess);
  return { detail: m.accounts.passwordChanged };
}
