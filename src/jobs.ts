import type { AppDeps } from "./deps";
import { workEventMails } from "./features/events/mail-jobs";
import { workReminders } from "./features/events/reminders";

/** Every feature's job workers, started with the queue (after the migrations, before listening). */
export async function startWorkers(deps: AppDeps): Promise<void> {
  await workEventMails(deps);
  await workReminders(deps);
}
