import { z } from "zod";
import { format, m } from "../messages";
import { messageImageFields } from "./message-image-fields";

/** Longest message accepted, after trimming. The chat screen truncates display at 500 words. */
export const MAX_MESSAGE_LENGTH = 4000;
const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 100;

/** A message's edit window: its sender may change it this long after sending it. */
export const EDIT_WINDOW_MINUTES = 15;
/** How much of the original a reply's quote carries. */
export const REPLY_EXCERPT_LENGTH = 120;
/** The reactions a message can get (WhatsApp's six), in the order they are listed. */
export const REACTION_EMOJIS = ["👍", "❤️", "😂", "😮", "😢", "🙏"] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];
/** The edit window in milliseconds (for the client's "Edit" entry). */
export const EDIT_WINDOW_MS = EDIT_WINDOW_MINUTES * 60 * 1000;

const messageContent = z
  .string({ error: () => m.chat.emptyMessage })
  // PostgreSQL text cannot hold NUL characters; they carry no meaning in a chat line.
  .transform((value) => value.replaceAll("\u0000", ""))
  .pipe(
    z
      .string()
      .trim()
      .min(1, { error: () => m.chat.emptyMessage })
      .max(MAX_MESSAGE_LENGTH, { error: () => format(m.chat.messageTooLong, { max: MAX_MESSAGE_LENGTH }) }),
  );

export const sendMessageBody = z.object({
  content: messageContent,
  client_id: z
    .uuid({ error: () => m.chat.clientIdInvalid })
    .transform((value) => value.toLowerCase())
    .optional()
    .describe("A UUID made by the client: a repeat from the same sender returns the stored message (200)."),
  reply_to: z
    .number({ error: () => m.chat.replyInvalid })
    .int({ error: () => m.chat.replyInvalid })
    .positive({ error: () => m.chat.replyInvalid })
    .max(Number.MAX_SAFE_INTEGER, { error: () => m.chat.replyInvalid })
    .optional()
    .describe("The id of a message in the same conversation that this one answers."),
});

export const editMessageBody = z.object({ content: messageContent });

/** An emoji as sent: a heart without its emoji presentation selector is the same heart. */
const reactionEmoji = z
  .string({ error: () => m.chat.emojiInvalid })
  .transform((value) => (value === "\u2764" ? "\u2764\uFE0F" : value))
  .pipe(z.enum(REACTION_EMOJIS, { error: () => m.chat.emojiInvalid }));

export const reactionBody = z.object({ emoji: reactionEmoji });

export const reactionParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  emoji: reactionEmoji,
});

const cursor = z.coerce
  .number({ error: () => m.chat.cursorInvalid })
  .int({ error: () => m.chat.cursorInvalid })
  .min(0, { error: () => m.chat.cursorInvalid })
  .max(Number.MAX_SAFE_INTEGER, { error: () => m.chat.cursorInvalid });

export const pollQuery = z.object({
  after: cursor.optional(),
  before: cursor.optional(),
  changes_after: cursor
    .optional()
    .describe(
      "With `after`: also return older messages changed (edited, deleted, reactions) after this change_seq (the X-Change-Seq of an earlier answer).",
    ),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const messageResponse = z.object({
  id: z.number(),
  sender_id: z.number(),
  sender_username: z.string(),
  sender_display_name: z.string().describe("first and last name, else the username"),
  sender_picture_url: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  pending_review: z
    .boolean()
    .describe(
      "True while a watched word holds it: only its sender sees it. Approval publishes it under a new id (so `after` polls deliver it) and this copy's id disappears.",
    ),
  client_id: z
    .string()
    .nullable()
    .describe("The client_id it was sent with; shown to its sender only, else null."),
  reply_to: z
    .object({
      id: z.number(),
      sender_display_name: z.string(),
      content: z.string().describe(`The start of the original (at most ${REPLY_EXCERPT_LENGTH} characters).`),
      deleted: z.boolean().describe("The original was deleted (content is then empty)."),
      hidden: z
        .boolean()
        .describe(
          "The reader may not see the original: held by a watched word, or sent by someone they blocked (content is then empty).",
        ),
    })
    .nullable(),
  reactions: z
    .array(z.object({ emoji: z.enum(REACTION_EMOJIS), count: z.number(), reacted_by_me: z.boolean() }))
    .describe("Emojis with at least one reaction, in the fixed order 👍 ❤️ 😂 😮 😢 🙏."),
  edited_at: z.string().nullable().describe("When its sender last edited it."),
  deleted: z.boolean().describe("A tombstone: its sender (or an admin) deleted it; content is empty."),
  ...messageImageFields,
});

export const messageListResponse = z.array(messageResponse);

const conversationResponse = z.object({
  type: z
    .enum(["user", "club", "announcements"])
    .describe(
      "announcements: a club's Avisos channel (GET /api/messages/club/{id}/announcements), listed just before that club's chat.",
    ),
  id: z.number(),
  name: z.string(),
  image_url: z.string().nullable(),
  last_message_content: z.string().nullable(),
  last_message_at: z.string().nullable(),
  last_message_sender_id: z.number().nullable(),
  last_message_has_image: z
    .boolean()
    .describe("The last message carries a photo (with a photo alone, last_message_content is empty)."),
  last_message_deleted: z
    .boolean()
    .describe("The last message was deleted (a tombstone: last_message_content is empty)."),
  unread_count: z.number(),
  request: z
    .boolean()
    .describe(
      "A message request to the caller: someone who shares no club with them and whom they have not accepted. The app lists it under Message requests, not with the other conversations.",
    ),
  awaiting_acceptance: z
    .boolean()
    .describe(
      "The caller's own message request that the other person has not accepted yet (at most 3 messages until then).",
    ),
});

export const conversationListResponse = z.array(conversationResponse);

export type MessageJson = z.infer<typeof messageResponse>;
export type ConversationJson = z.infer<typeof conversationResponse>;
export type PollQuery = z.infer<typeof pollQuery>;
export type Conversation = ConversationJson;
export type ChatMessage = MessageJson;
