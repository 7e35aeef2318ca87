import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clubs } from "./clubs";
import { posts } from "./posts";
import { uploads } from "./uploads";
import { users } from "./users";

/**
 * Every change to an existing message (an edit, a deletion, a reaction added or removed) takes
 * the next number of this one sequence as the message's change_seq: a poll with
 * `changes_after=<seq>` and each live follower's change cursor pick up what changed after it.
 */
export const messageChangeSeq = pgSequence("message_change_seq");

/**
 * A message goes to a user (direct), to a club (club chat) or to a club's Avisos channel. For direct messages the
 * pair (user_low, user_high) names the conversation, so one index serves both directions.
 */
export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: integer("recipient_id").references(() => users.id, { onDelete: "cascade" }),
    clubId: integer("club_id").references(() => clubs.id, { onDelete: "cascade" }),
    // An aviso in the club's Avisos channel (its owner's and officers' voice), not its chat: a
    // column of its own rather than club_id plus a channel flag, so every club-chat query
    // (`club_id = …`), index and trigger leaves avisos out without knowing they exist.
    announcementClubId: integer("announcement_club_id").references(() => clubs.id, { onDelete: "cascade" }),
    userLow: integer("user_low"),
    userHigh: integer("user_high"),
    content: text("content").notNull(),
    // Held by a watched word: only its sender sees it until an admin approves it, which gives
    // it a new id (see approveHeldMessage) so `after` polls and unread counts pick it up.
    held: boolean("held").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    // Sent as a message request (a stranger's direct message, see message_requests): the
    // recipient was not asked whether they want it, so nothing may push it to them.
    sentAsRequest: boolean("sent_as_request").notNull().default(false),
    // Made by the sending client, so a send retried after a lost answer stores one message.
    clientId: uuid("client_id"),
    // The message this one answers, always in the same conversation. Cascade on update: approving
    // a held message gives it a new id (releaseHeldMessage).
    replyToId: bigint("reply_to_id", { mode: "number" }).references((): AnyPgColumn => messages.id, {
      onDelete: "set null",
      onUpdate: "cascade",
    }),
    // A deleted message stays as a tombstone (content emptied) so everyone sees it was deleted.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    // From message_change_seq at its last edit, deletion or reaction change; null if never changed.
    changeSeq: bigint("change_seq", { mode: "number" }),
    // A photo sent with (or instead of) the text; a tombstone has none (see message-images.ts).
    imageId: text("image_id").references(() => uploads.id, { onDelete: "set null" }),
  },
  (t) => [
    check(
      "messages_one_target",
      sql`num_nonnulls(${t.recipientId}, ${t.clubId}, ${t.announcementClubId}) = 1`,
    ),
    index("messages_direct_idx").on(t.userLow, t.userHigh, t.id),
    index("messages_club_idx").on(t.clubId, t.id),
    index("messages_recipient_idx").on(t.recipientId, t.id),
    // The owners' dashboard counts visible messages per day in a date range, from the index
    // alone (index-only scans): per club chat, and every conversation for the site totals.
    index("messages_club_created_idx")
      .on(t.clubId, t.createdAt)
      .where(sql`${t.clubId} is not null and not ${t.held}`),
    index("messages_created_idx").on(t.createdAt).where(sql`not ${t.held}`),
    uniqueIndex("messages_sender_client_id_key").on(t.senderId, t.clientId),
    // Whether an upload is still used (deleteUnreferencedUpload) looks messages up by image.
    index("messages_image_idx").on(t.imageId).where(sql`${t.imageId} is not null`),
    // The poll's X-Change-Seq (the newest change of a conversation) and its `changes_after`.
    index("messages_club_change_idx")
      .on(t.clubId, t.changeSeq)
      .where(sql`${t.changeSeq} is not null and ${t.clubId} is not null`),
    index("messages_announcement_idx")
      .on(t.announcementClubId, t.id)
      .where(sql`${t.announcementClubId} is not null`),
    index("messages_announcement_change_idx")
      .on(t.announcementClubId, t.changeSeq)
      .where(sql`${t.changeSeq} is not null and ${t.announcementClubId} is not null`),
    index("messages_direct_change_idx")
      .on(t.userLow, t.userHigh, t.changeSeq)
      .where(sql`${t.changeSeq} is not null and ${t.userLow} is not null`),
  ],
);

/** One person's reaction to one message: one row per (message, person, emoji), so counts are exact. */
export const messageReactions = pgTable(
  "message_reactions",
  {
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade", onUpdate: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
);

/** How far a user has read a conversation: unread = messages after last_read_id. */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // "user:<id>" or "club:<id>"
    conversationKey: text("conversation_key").notNull(),
    lastReadId: bigint("last_read_id", { mode: "number" }).notNull().default(0),
    // A message request the reader deleted: they no longer see messages up to this id.
    hiddenThroughId: bigint("hidden_through_id", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationKey] })],
);

/** Things to tell a user once (for example: an owner decided on their connection request). */
export const userNotices = pgTable(
  "user_notices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    clubId: integer("club_id").references(() => clubs.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Seen on the Connections screen: only the badge kinds count on the spec's badge until then.
    seenAt: timestamp("seen_at", { withTimezone: true }),
    // The notification centre (src/features/notices): who caused it and what it is about.
    // Set null, not cascade: a notice outlives the post or person it names (shown generically).
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    postId: integer("post_id").references(() => posts.id, { onDelete: "set null" }),
    // "user:<id>" or "club:<id>" (as conversation_reads): one unread chat notice per conversation.
    conversationKey: text("conversation_key"),
    // How many messages a coalesced chat notice stands for.
    count: integer("count").notNull().default(1),
    // A mute or ban's end, a role change's new role.
    until: timestamp("until", { withTimezone: true }),
    role: text("role"),
    // A mention's message, so its path opens the chat there. No foreign key: the notice may
    // outlive the message (shown as the chat).
    messageId: bigint("message_id", { mode: "number" }),
    // From a club the recipient muted: listed, but push and e-mail skip it.
    muted: boolean("muted").notNull().default(false),
    readAt: timestamp("read_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("user_notices_unseen_idx").on(t.userId).where(sql`seen_at is null`),
    index("user_notices_unread_idx").on(t.userId).where(sql`read_at is null`),
    index("user_notices_list_idx").on(t.userId, t.updatedAt, t.id),
    uniqueIndex("user_notices_open_conversation_key")
      .on(t.userId, t.conversationKey)
      .where(sql`read_at is null and conversation_key is not null`),
  ],
);
