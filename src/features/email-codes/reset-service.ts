import { m } from "../../../common/messages";
import { passwordCost } from "../../config";
import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { BadRequest, ServiceUnavailable, TooManyRequests } from "../../lib/errors";
import { hashPassword } from "../../lib/passwords";
import { requestLocale } from "../../platform/locale/request-locale";
import { type Hold, releaseHolds, reportRefusal, takeLimits } from "../../platform/rate-limits/service";
import { clearFailedLogins } from "../auth";
import { type CodeCheck, consumeCode, consumeCodeByValue } from "./codes";
import { findUserByIdentifier, replacePassword } from "./queries";
import { RESET_MAIL_QUEUE, type ResetMailJob } from "./reset-mail-jobs";

type Deps = Pick<AppDeps, "db" | "mailer" | "logger" | "jwtSecret" | "config" | "jobs">;

/**
 * Always the same answer, at the same speed: the request only queues a job (one insert, the
 * same for every identifier, known or not); the lookup, the code and the mail happen in the
 * job (reset-mail-jobs.ts), so neither the body nor the timing tells whether the account
 * exists. Once answered, the job is committed: a crash right after the answer delays the mail,
 * it does not lose it.
 */
export async function requestPasswordReset({ deps, identifier }: { deps: Deps; identifier: string }) {
  // The same answer for every account, so saying that mail is off tells a stranger nothing.
  if (deps.mailer.mode === "disabled") throw new ServiceUnavailable(m.operations.mailNotConfigured);
  await deps.jobs.send(RESET_MAIL_QUEUE, { identifier, locale: requestLocale() } satisfies ResetMailJob);
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
