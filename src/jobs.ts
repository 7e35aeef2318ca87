import type { AppDeps } from "./deps";
import { workDashboardRollups } from "./features/dashboard/rollup-jobs";
import { workDataExports } from "./features/data-export/export-jobs";
import { workDigests } from "./features/digest/digest-jobs";
import { workResetMails } from "./features/email-codes/reset-mail-jobs";
import { workEventMails } from "./features/events/mail-jobs";
import { workReminders } from "./features/events/reminders";
import { workNoticeFanOut } from "./features/notices/record";
import { workMorningSummaries } from "./features/push/morning-summary";
import { workNoticePushes } from "./features/push/notice-pushes";
import { workPushes } from "./features/push/push-worker";
import { workEmailInUseMails } from "./features/users/email-in-use";
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
