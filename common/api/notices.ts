import { z } from "zod";
import { MAX_INT } from "./params";

/**
 * Every kind of notice the notification centre lists (src/features/notices/kinds.ts says what
 * causes each). The first seven are the kinds the spec's Connections badge counts until seen.
 */
export const NOTICE_KINDS = [
  "request_accepted",
  "request_declined",
  "event_moved",
  "event_cancelled",
  "event_promoted",
  "report_actioned",
  "report_dismissed",
  "join_request",
  "club_post",
  "club_event",
  "post_comment",
  "direct_message",
  "club_message",
  "owner_approved",
  "owner_denied",
  "account_muted",
  "account_banned",
  "role_changed",
  "club_transfer",
  "mention",
  "club_poll",
  "announcement",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The kinds the spec's Connections badge counts until seen (migration 0033 names them too). */
export const BADGE_NOTICE_KINDS: readonly NoticeKind[] = NOTICE_KINDS.slice(0, 7);

/**
 * Kinds pushed even from a club the reader muted (muted_clubs): a mention is addressed to the
 * person by name, as WhatsApp lets an @mention through a muted group; an aviso is the club's own
 * voice in its Avisos channel, which muting the club chat does not silence. Quiet hours and the
 * kind's own push switch still apply.
 */
export const MUTE_PIERCING_KINDS: readonly NoticeKind[] = ["mention", "announcement"];

/** `?limit=` (1-100, default 20) and `?before=<id of the last notice of the previous page>`. */
export const noticeListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce.number().int().positive().max(MAX_INT).optional(),
});

export const noticeResponse = z.object({
  id: z.number(),
  kind: z.string().describe("One of NOTICE_KINDS (more may come: show `text` for a kind you do not know)."),
  club_id: z.number().nullable(),
  club_name: z.string().nullable(),
  post_id: z.number().nullable(),
  user_id: z.number().nullable().describe("The person who caused it (sender, requester, commenter)."),
  count: z.number().describe("How many messages a chat notice stands for (1 for other kinds)."),
  path: z.string().describe("The app page a tap opens."),
  text: z.string().describe("One line in the reader's language."),
  image: z.string().nullable().describe("The club's or the person's picture."),
  read: z.boolean().describe("Read in the notification centre."),
  seen: z.boolean().describe("Seen on the Connections screen (only the badge's kinds count until then)."),
  muted: z.boolean().describe("From a club the reader muted: listed, never pushed or e-mailed."),
  created_at: z.string().describe("When it last changed (a chat notice, when its latest message came)."),
});
export type NoticeJson = z.infer<typeof noticeResponse>;

export const noticeListResponse = z.array(noticeResponse);

/** The bell's numbers: unread notices, and the requests waiting for the caller (where requests are). */
export const noticeCountsResponse = z.object({
  unread: z.number().int().min(0),
  join_requests: z.number().int().min(0),
  connection_notices: z
    .number()
    .int()
    .min(0)
    .describe(
      "Notices the Connections badge counts until seen (so a client can show chats apart: badge - join_requests - this).",
    ),
});
export type NoticeCounts = z.infer<typeof noticeCountsResponse>;

export const noticeReadResponse = z.object({ unread: z.number().int().min(0) });
