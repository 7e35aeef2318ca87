import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { type EventMailKind, type EventSnapshot, eventMail } from "./emails";
import { type EventDetails, findEventDetails, findRecipient } from "./queries";
import { inRecipientLanguage } from "./recipient-language";

const EVENT_MAIL_QUEUE = "event-mail";

type EventMailJob = { kind: EventMailKind; userId: number; event: EventSnapshot };

export function snapshotOf(details: EventDetails): EventSnapshot {
  return {
    postId: details.id,
    clubId: details.clubId,
    clubName: details.clubName,
    title: details.title,
    eventDate: details.eventDate?.toISOString() ?? null,
    eventLocation: details.eventLocation,
  };
}

/** One job per recipient, so a retry after a failed send never mails the others twice. */
export async function queueEventMails(
  deps: Pick<AppDeps, "jobs">,
  { kind, event, userIds }: { kind: EventMailKind; event: EventSnapshot; userIds: number[] },
) {
  for (const userId of userIds) {
    await deps.jobs.send<EventMailJob>(
      EVENT_MAIL_QUEUE,
      { kind, userId, event },
      { retryLimit: 5, retryDelay: 30, retryBackoff: true },
    );
  }
}

/** Mails about an event that still exists (its current date and place). */
export async function queueEventMail(
  deps: { jobs: AppDeps["jobs"]; db: Executor },
  { kind, postId, userIds }: { kind: EventMailKind; postId: number; userIds: number[] },
) {
  if (userIds.length === 0) return;
  const details = await findEventDetails(deps.db, postId);
  if (!details) return;
  await queueEventMails(deps, { kind, event: snapshotOf(details), userIds });
}

export function publicBaseUrl(config: AppDeps["config"]): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");
}

export async function workEventMails(deps: AppDeps) {
  await deps.jobs.work<EventMailJob>(EVENT_MAIL_QUEUE, async ({ kind, userId, event }) => {
    // No mail server (production without SMTP_URL): nothing can be sent, and five retries with
    // backoff would only fill the log. The in-app notice already told the person.
    if (deps.mailer.mode === "disabled") return;
    const user = await findRecipient(deps.db, userId);
    if (!user?.email) return;
    const mail = inRecipientLanguage(user, (locale) =>
      eventMail({ kind, event, user, baseUrl: publicBaseUrl(deps.config), locale }),
    );
    await deps.mailer.send({ to: user.email, ...mail });
  });
}
