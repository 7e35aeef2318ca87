import { format, m } from "../../../common/messages";
import { renderMail } from "../../lib/mail-layout";
import { EVENT_ZONE } from "./ics";
import type { Recipient } from "./queries";

export type EventMailKind = "promoted" | "reminder" | "moved" | "cancelled";

/** What an event e-mail shows; a cancelled event is gone from the database, so jobs carry this. */
export type EventSnapshot = {
  postId: number;
  clubId: number;
  clubName: string;
  title: string | null;
  eventDate: string | null;
  eventLocation: string | null;
};

/** "viernes, 5 de diciembre de 2026, 6:30 p. m.": the local time in Managua, in the reader's language. */
export function formatEventTime(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale === "es" ? "es-NI" : "en-US", {
    timeZone: EVENT_ZONE,
    dateStyle: "full",
    timeStyle: "short",
  }).format(date);
}

export function eventUrl(baseUrl: string, event: { clubId: number; postId: number }): string {
  return `${baseUrl}/clubs/${event.clubId}?tab=posts&post=${event.postId}`;
}

/**
 * One e-mail about an event, rendered with `m` in the current language (the caller runs it in
 * the recipient's). Says what, when (Managua time), where and where to look.
 */
export function eventMail({
  kind,
  event,
  user,
  baseUrl,
  locale,
}: {
  kind: EventMailKind;
  event: EventSnapshot;
  user: Recipient;
  baseUrl: string;
  locale: string;
}) {
  const t = m.events;
  const values = { title: event.title ?? t.untitledEvent, club: event.clubName };
  const subject = {
    promoted: t.promotedSubject,
    reminder: t.reminderSubject,
    moved: t.movedSubject,
    cancelled: t.cancelledSubject,
  }[kind];
  const body = {
    promoted: t.promotedBody,
    reminder: t.reminderBody,
    moved: t.movedBody,
    cancelled: t.cancelledBody,
  }[kind];
  const details = [
    ...(event.eventDate
      ? [format(t.mailWhen, { when: formatEventTime(new Date(event.eventDate), locale) })]
      : []),
    ...(event.eventLocation ? [format(t.mailWhere, { where: event.eventLocation })] : []),
    ...(kind === "cancelled" ? [] : [format(t.mailLink, { url: eventUrl(baseUrl, event) })]),
  ];
  return renderMail({
    subject: format(subject, values),
    greetingName: user.firstName || user.username,
    username: user.username,
    paragraphs: [
      format(body, values),
      ...details,
      ...(kind === "reminder" || kind === "promoted" ? [t.mailNotGoing] : []),
    ],
  });
}
