import type { AppDeps } from "../../deps";
import { takeMailTo } from "../../platform/rate-limits/actions";
import { type MailJob, mailJobKey, workMailJobs } from "../../platform/sent-mails/mail-jobs";
import { sendOnce } from "../../platform/sent-mails/service";
import { issueCode } from "./codes";
import { passwordResetCodeMail } from "./emails";
import { findUserByIdentifier } from "./queries";

export const RESET_MAIL_QUEUE = "password-reset-mail";

export type ResetMailJob = MailJob & { identifier: string };

type Deps = Pick<AppDeps, "db" | "mailer" | "config" | "jwtSecret">;

/**
 * Looks the account up, issues a code and mails it, once per request (the job): the request
 * itself only queued the job, so its answer and its timing say nothing about the account.
 */
async function sendResetMail(
  deps: Deps,
  { identifier }: ResetMailJob,
  job: { id: string; name: string; retryCount: number },
): Promise<boolean> {
  const user = await findUserByIdentifier(deps.db, identifier);
  const to = user?.email;
  if (!user || !to) return false;
  return await sendOnce({
    db: deps.db,
    key: mailJobKey(job),
    send: async () => {
      if (!(await takeMailTo({ deps, address: to })).ok) return false;
      // A retry may follow an attempt that issued a code and died before or after mailing it:
      // a fresh code replaces it, so the mail that arrives last always holds the live one.
      const issued = await issueCode({
        db: deps.db,
        secret: deps.jwtSecret,
        userId: user.id,
        purpose: "password_reset",
        retry: job.retryCount > 0,
      });
      if (!issued.ok) return false;
      await deps.mailer.send({ to, ...passwordResetCodeMail({ user, code: issued.code }) });
      return true;
    },
  });
}

export async function workResetMails(deps: AppDeps): Promise<void> {
  await workMailJobs<ResetMailJob>(deps, RESET_MAIL_QUEUE, async (data, job) => {
    // No mail server (any more): nothing to retry.
    if (deps.mailer.mode === "disabled") return;
    await sendResetMail(deps, data, job);
  });
}
