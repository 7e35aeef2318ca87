import { format, m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { renderMail } from "../../lib/mail-layout";
import { requestLocale } from "../../platform/locale/request-locale";
import { takeMailTo } from "../../platform/rate-limits/actions";
import { type MailJob, mailJobKey, workMailJobs } from "../../platform/sent-mails/mail-jobs";
import { sendOnce } from "../../platform/sent-mails/service";
import { findVerifiedEmailHolder } from "./queries";

const EMAIL_IN_USE_QUEUE = "email-in-use-mail";

type EmailInUseJob = MailJob & { email: string; username: string; userId: number };

/**
 * A sign-up or profile that names an address is saved like any other (unverified, so it blocks
 * nobody) and answered the same whoever holds the address. This queues, in the transaction that
 * saves the address, the job that tells its verified owner (if any) by mail: queued for every
 * new address, so neither the answer nor its timing says whether the address belongs to someone.
 */
export async function queueEmailInUseCheck(
  deps: Pick<AppDeps, "jobs">,
  tx: Executor,
  job: { email: string; username: string; userId: number },
): Promise<void> {
  await deps.jobs.sendWithin(tx, EMAIL_IN_USE_QUEUE, {
    ...job,
    locale: requestLocale(),
  } satisfies EmailInUseJob);
}

/** Mails the address's verified owner, once per job; nothing when nobody else holds it verified. */
async function sendEmailInUseMail(
  deps: Pick<AppDeps, "db" | "mailer" | "config">,
  { email, username, userId }: EmailInUseJob,
  job: { id: string; name: string },
): Promise<boolean> {
  const holder = await findVerifiedEmailHolder(deps.db, email, userId);
  if (!holder) return false;
  return await sendOnce({
    db: deps.db,
    key: mailJobKey(job),
    send: async () => {
      if (!(await takeMailTo({ deps, address: email })).ok) return false;
      const mail = renderMail({
        subject: m.privacy.emailInUseSubject,
        greetingName: holder.firstName || holder.username,
        username: holder.username,
        paragraphs: [format(m.privacy.emailInUseIntro, { username }), m.privacy.emailInUseIgnore],
      });
      await deps.mailer.send({ to: email, ...mail });
      return true;
    },
  });
}

export async function workEmailInUseMails(deps: AppDeps): Promise<void> {
  await workMailJobs<EmailInUseJob>(deps, EMAIL_IN_USE_QUEUE, async (data, job) => {
    if (deps.mailer.mode === "disabled") return;
    await sendEmailInUseMail(deps, data, job);
  });
}
