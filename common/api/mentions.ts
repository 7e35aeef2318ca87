import { z } from "zod";
import { format, m } from "../messages";

/** Longest `?q=` for the members list (a username is at most 32 characters). */
const MEMBER_QUERY_MAX = 32;

/** `GET /api/clubs/{id}/members?q=`: the composer's @ list. */
export const memberSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(MEMBER_QUERY_MAX, { error: () => format(m.mentions.memberQueryTooLong, { max: MEMBER_QUERY_MAX }) })
    .default(""),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

const mentionableMember = z.object({
  id: z.number(),
  username: z.string(),
  display_name: z.string().describe("first and last name, else the username"),
  picture_url: z.string().nullable(),
});
export type MentionableMember = z.infer<typeof mentionableMember>;
export const mentionableMemberList = z.array(mentionableMember);

/** `GET /api/messages/user/{id}/reads`: how far the other person has read (when both share receipts). */
export const directReadState = z.object({
  read_receipts: z
    .boolean()
    .describe(
      "false when either person turned read receipts off (or the caller's message request is not accepted yet): nothing else is told.",
    ),
  last_read_id: z.number().nullable().describe("The newest message id the other person has read."),
  read_at: z.string().nullable().describe("When their read mark last moved (to last_read_id)."),
});
export type DirectReadState = z.infer<typeof directReadState>;

/** `GET /api/messages/club/{id}/reads?message_id=`. */
export const clubReadsQuery = z.object({
  message_id: z.coerce
    .number({ error: () => m.readState.messageIdRequired })
    .int({ error: () => m.readState.messageIdRequired })
    .positive({ error: () => m.readState.messageIdRequired })
    .max(Number.MAX_SAFE_INTEGER, { error: () => m.readState.messageIdRequired }),
  names: z
    .enum(["true", "false"], { error: () => m.readState.namesFlag })
    .optional()
    .describe(
      "`false`: the count only, with `readers` empty (what the line under a message needs; the names cost up to 500 rows). Default `true`.",
    ),
});

const clubReader = z.object({
  user_id: z.number(),
  username: z.string(),
  display_name: z.string(),
  picture_url: z.string().nullable(),
});
export const clubReadState = z.object({
  read_receipts: z.boolean().describe("false when the caller turned read receipts off: count 0, no readers."),
  count: z.number().int().min(0),
  readers: z.array(clubReader).describe("Members who have read up to the message (at most 500), by name."),
});
export type ClubReadState = z.infer<typeof clubReadState>;
