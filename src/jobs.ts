import type { AppDeps } from "./deps";
import { workDataExports } from "./features/data-export/export-jobs";
import { workEventMails } from "./features/events/mail-jobs";
import { workReminders } from "./features/events/reminders";
import { workNoticeFanOut } from "./features/notices/record";

/** Every feature's job workers, started with the queue (after the migrations, before listening). */
export async function startWorkers(deps: AppDeps): Promise<void> {
  await workEventMails(deps);
  await workReminders(deps);
  await workDataExports(deps);
  await workNoticeFanOut(deps);
}
