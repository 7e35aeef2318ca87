import { z } from "zod";
import { m } from "../messages";
import { NOTICE_KINDS, type NoticeKind } from "./notices";
import { MAX_INT } from "./params";

/** Who may start or continue a direct conversation with a person (admins always may). */
export const WHO_CAN_MESSAGE = ["everyone", "clubs", "nobody"] as const;
export type WhoCanMessage = (typeof WHO_CAN_MESSAGE)[number];

const invalidQuietHours = { error: () => m.quietHours.invalid };
const hhmm = z.string(invalidQuietHours).regex(/^([01]\d|2[0-3]):[0-5]\d$/, invalidQuietHours);

/** Quiet hours: start and end in Nicaragua's time; an end before the start runs past midnight. */
export const quietHoursValue = z
  .strictObject({ start: hhmm, end: hhmm }, invalidQuietHours)
  .refine((value) => value.start !== value.end, invalidQuietHours);
export type QuietHours = z.infer<typeof quietHoursValue>;
const DEFAULT_QUIET_HOURS: QuietHours = { start: "21:00", end: "07:00" };

const whoCanMessage = z.enum(WHO_CAN_MESSAGE, { error: () => m.messageRequests.whoCanMessageInvalid });

const kindChannels = z.object({ push: z.boolean(), email: z.boolean() });
export type KindChannels = z.infer<typeof kindChannels>;

const MAX_MUTED_CLUBS = 500;

/**
 * The settings document, `GET/PUT /api/users/me/notification-settings`: one JSON object for a
 * person's notification and contact settings. New settings are new keys with a default, so a
 * client that does not know a key never resets it (PUT changes only the keys it sends).
 */
export const notificationSettings = z.object({
  who_can_message: z
    .enum(WHO_CAN_MESSAGE)
    .describe(
      "everyone (the default): anyone may write; people who share no club with you arrive as message requests. clubs: only people who share a club with you (membership or ownership). nobody: no direct messages (club chats keep working). Admins can always write.",
    ),
  quiet_hours: quietHoursValue
    .nullable()
    .describe(
      'Hours (America/Managua) when pushes are held and merged into one summary push at their end, e.g. {"start": "21:00", "end": "07:00"} (the default: many students are minors); null turns quiet hours off.',
    ),
  digest: z
    .boolean()
    .describe(
      "true (the default): a weekly e-mail with new events in your clubs and region, posts you missed and pending join requests (owners), sent only when there is something. false: no digest; the one-click unsubscribe link in a digest sets it to false.",
    ),
  kinds: z
    .object(
      Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, kindChannels])) as Record<
        NoticeKind,
        typeof kindChannels
      >,
    )
    .describe(
      "Per notice kind (see GET /api/notifications/notices), whether it may arrive as a push and as an e-mail. Push defaults to on; e-mail to off, except the kinds that already sent one (event_moved, event_cancelled, event_promoted, owner_approved, owner_denied). Every notice is listed under the bell whatever these say.",
    ),
  read_receipts: z
    .boolean()
    .describe(
      "true (the default): others see when you read their messages (Seen in a direct chat, Seen by N in a club chat). false: your reading is never shown, and you see nobody else's either.",
    ),
  muted_clubs: z
    .array(z.number().int())
    .describe(
      "Club ids whose notices are still listed (marked muted: true) but never pushed or e-mailed. Default [].",
    ),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/**
 * The kinds that already send an e-mail (event changes and waitlist places, owner decisions):
 * their e-mail switch starts on; every other kind's starts off. Push starts on for every kind.
 */
const EMAIL_BY_DEFAULT: readonly NoticeKind[] = [
  "event_moved",
  "event_cancelled",
  "event_promoted",
  "owner_approved",
  "owner_denied",
];

export function defaultKindSettings(): Record<NoticeKind, KindChannels> {
  return Object.fromEntries(
    NOTICE_KINDS.map((kind) => [kind, { push: true, email: EMAIL_BY_DEFAULT.includes(kind) }]),
  ) as Record<NoticeKind, KindChannels>;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  who_can_message: "everyone",
  quiet_hours: DEFAULT_QUIET_HOURS,
  digest: true,
  read_receipts: true,
  kinds: defaultKindSettings(),
  muted_clubs: [],
};

/** A PUT body: any subset of the document's keys; an unknown key is a 422 (a typo must not pass silently). */
export const notificationSettingsUpdate = z.strictObject(
  {
    who_can_message: whoCanMessage.optional(),
    quiet_hours: z.union([z.null(), quietHoursValue], invalidQuietHours).optional(),
    digest: z.boolean({ error: () => m.contactSettings.digestInvalid }).optional(),
    read_receipts: z.boolean({ error: () => m.contactSettings.readReceiptsInvalid }).optional(),
    // Only the kinds and channels sent change: {kinds: {club_post: {push: false}}} keeps the rest.
    kinds: z
      .partialRecord(
        z.enum(NOTICE_KINDS, { error: () => m.noticeSettings.invalidKinds }),
        z.strictObject(
          { push: z.boolean().optional(), email: z.boolean().optional() },
          { error: () => m.noticeSettings.invalidKinds },
        ),
        { error: () => m.noticeSettings.invalidKinds },
      )
      .optional(),
    muted_clubs: z
      .array(z.number().int().positive().max(MAX_INT), { error: () => m.noticeSettings.invalidMutedClubs })
      .max(MAX_MUTED_CLUBS)
      .optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? m.messageRequests.unknownSetting : undefined) },
);
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdate>;
