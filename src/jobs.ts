import type { AppDeps } from "./deps";
import { workDashboardRollups } from "./features/dashboard";
import { workDataExports } from "./features/data-export";
import { workDigests } from "./features/digest";
import { workResetMails } from "./features/email-codes";
import { workEventMails, workReminders } from "./features/events";
import { workNoticeFanOut } from "./features/notices";
import { workMorningSummaries, workNoticePushes, workPushes } from "./features/push";
import { workEmailInUseMails } from "./features/users";
import { workSentMailsCleanup } from "./platform/sent-mails/mail-jobs";

/** Every feature's job workers, started with the queue (after the migrations, before listening). */
export async function startWorkers(deps: AppDeps): Promise<void> {
  await workEventMails(deps);
  await workReminders(deps);
  await workDataExports(deps);
  await workPushes(deps);
  await workMorningSummaries(deps);
  await workNoticePushes(deps);
  await workDigests(deps);
  await workNoticeFanOut(deps);
  await workDashboardRollups(deps);
  await workResetMails(deps);
  await workEmailInUseMails(deps);
  await workSentMailsCleanup(deps);
}
