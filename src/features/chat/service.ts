import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Forbidden, Invalid, NotFound } from "../../lib/errors";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser } from "../../lib/session-token";
import { assertCanMessage } from "../blocks";
import { notifyMessageMentions } from "../mentions";
import { decideDirectDelivery } from "../message-requests";
import {
  type NoticeWriter,
  notifyAnnouncement,
  notifyClubMessage,
  notifyDirectMessage,
  readConversationNotice,
} from "../notices";
import { uploadUrl } from "../uploads";
import { assertNotMuted } from "../users";
import { reportScreenedText, screenTexts } from "../watched-words";
import { assertAnnouncementsReadable, assertAnnouncementsWriter } from "./announcements-access";
import { placeAnnouncementChannels } from "./announcements-conversations";
import { findAnnouncementsPage, insertAnnouncement, listAnnouncementChannels } from "./announcements-queries";
import { listConversationRows } from "./conversation-queries";
import { saveMessageImage } from "./message-images";
import { toJson } from "./message-json";
import { conversationKeys, recallEmptyPoll, rememberPage } from "./poll-memory";
import {
  advanceReadMark,
  findClubAccess,
  findClubPage,
  findDirectPage,
  type MessageRow,
  type PageWindow,
  userExists,
} from "./queries";
import { findReplyQuote } from "./replies";
import type { ConversationJson, MessageJson, PollQuery } from "./schema";
import { readSentMessage } from "./sent-message";
import { findSenderProfile, insertMessage, lockConversation } from "./write-queries";

/** A direct chat (`user`), a club's chat (`club`) or a club's Avisos channel (`announcements`). */
export type ChatTarget = { type: "user" | "club" | "announcements"; id: number };

/** A conversation contributes at most this many unread messages to a badge ("99+" territory). */
export const UNREAD_CAP = 100;

/** The caller's name for a conversation, as stored in conversation_reads. */
export function conversationKey(target: ChatTarget): string {
  return `${target.type}:${target.id}`;
}

function toWindow(query: PollQuery): PageWindow {
  if (query.after !== undefined && query.before !== undefined) {
    throw Invalid.field(["query", "before"], m.chat.cursorConflict);
  }
  if (query.after !== undefined) return { kind: "after", cursor: query.after, limit: query.limit };
  if (query.before !== undefined) return { kind: "before", cursor: query.before, limit: query.limit };
  return { kind: "latest", limit: query.limit };
}

/**
 * Weak validator of a page. A page is determined by the newest id it covers and the newest
 * change (edit, deletion, reaction) of the conversation: their tag is that id (for an empty
 * `after` page, the cursor), plus the change_seq once anything ever changed. So the tag of the
 * page a client last received matches its next `after` poll while nothing is new or changed,
 * and that poll is answered 304. A history page (`before`) is tagged by its cursor as well.
 */
function pageTag(
  key: string,
  window: PageWindow,
  page: MessageRow[],
  tags: { blocks?: string; hidden?: number; changeSeq?: number; changesAfter?: number },
): string {
  const newest = page.at(-1)?.id ?? (window.kind === "after" ? window.cursor : 0);
  // A deleted message request hides older messages without adding one: the tag must change.
  const suffix =
    (tags.blocks ? `-k${tags.blocks}` : "") +
    (tags.hidden ? `-h${tags.hidden}` : "") +
    (tags.changeSeq ? `-s${tags.changeSeq}` : "") +
    (tags.changesAfter !== undefined ? `-x${tags.changesAfter}` : "");
  if (window.kind === "before") return `W/"${key}-b${window.cursor}-${newest}-${page.length}${suffix}"`;
  return `W/"${key}-${newest}${suffix}"`;
}

/** The advisory lock that orders the ids of one conversation (see lockConversation). */
export function conversationLockKey(senderId: number, target: ChatTarget): string {
  return target.type === "user"
    ? `dm:${Math.min(senderId, target.id)}:${Math.max(senderId, target.id)}`
    : `${target.type}:${target.id}`;
}

/** Club chat is a room for the club's members and admins; the club's owner stays out of it. */
export function assertClubReadable(user: SessionUser, access: { ownerId: number | null; isMember: boolean }) {
  if (access.ownerId === user.id) throw new Forbidden(m.chat.ownerCannotRead);
  if (!access.isMember && user.role !== "admin") throw new Forbidden(m.chat.joinToChat);
}

export function assertClubWritable(user: SessionUser, access: { ownerId: number | null; isMember: boolean }) {
  if (access.ownerId === user.id) throw new Forbidden(m.chat.ownerCannotSend);
  if (!access.isMember && user.role !== "admin") throw new Forbidden(m.chat.joinToChat);
}

/**
 * One poll or history page of a conversation (ascending ids) with its ETag and the
 * conversation's newest change_seq. Opening a conversation marks it read up to the newest
 * message returned; that write only happens when the mark moves forward, so idle polls stay
 * read-only. A club page leaves out the people the caller blocked, so its tag also names the
 * caller's blocks (a block or unblock changes it). An `after` poll with `changes_after` also
 * returns, before the new messages, the older ones changed since (edited, deleted, reactions).
 */
export async function readConversation({
  db,
  memory,
  user,
  target,
  query,
}: {
  db: Database;
  memory: PollMemory;
  user: SessionUser;
  target: ChatTarget;
  query: PollQuery;
}): Promise<{ messages: MessageJson[]; etag: string; changeSeq: number }> {
  const window = toWindow(query);
  const key = conversationKey(target);
  if (target.type === "user" && target.id === user.id) throw new Invalid(m.chat.cannotMessageSelf);
  const changesAfter = window.kind === "after" ? query.changes_after : undefined;
  const known = recallEmptyPoll(memory, { userId: user.id, key, window, changesAfter });
  if (known) {
    const tags = {
      blocks: known.blockTag,
      hidden: known.hiddenThroughId,
      changeSeq: known.changeSeq,
      changesAfter,
    };
    return { messages: [], etag: pageTag(key, window, [], tags), changeSeq: known.changeSeq };
  }
  const deps = memory.snapshot(conversationKeys(user.id, target));
  const changes =
    window.kind === "after" && changesAfter !== undefined
      ? { after: changesAfter, upToId: window.cursor, limit: window.limit }
      : null;
  let page: {
    lastReadId: number | null;
    messages: MessageRow[];
    changed: MessageRow[];
    changeSeq: number;
    blockTag?: string;
    hiddenThroughId?: number;
  };
  if (target.type === "user") {
    const found = await findDirectPage(db, { userId: user.id, otherId: target.id, key, window, changes });
    if (!found) throw new NotFound(m.chat.userNotFound);
    page = found;
  } else if (target.type === "announcements") {
    const found = await findAnnouncementsPage(db, {
      userId: user.id,
      clubId: target.id,
      key,
      window,
      changes,
    });
    if (!found) throw new NotFound(m.chat.clubNotFound);
    assertAnnouncementsReadable(user, found);
    page = found;
  } else {
    const found = await findClubPage(db, { userId: user.id, clubId: target.id, key, window, changes });
    if (!found) throw new NotFound(m.chat.clubNotFound);
    assertClubReadable(user, found);
    page = found;
  }
  const newest = page.messages.at(-1)?.id;
  if (newest !== undefined && newest > (page.lastReadId ?? 0)) {
    await advanceReadMark(db, { userId: user.id, key, lastReadId: newest });
    await readConversationNotice(db, user.id, key);
  }
  const seen = { userId: user.id, key, window, newestId: newest, count: page.messages.length };
  if (page.changed.length === 0) {
    rememberPage(memory, seen, deps, {
      blockTag: page.blockTag ?? "",
      hiddenThroughId: page.hiddenThroughId ?? 0,
      changeSeq: page.changeSeq,
    });
  }
  const tags = {
    blocks: page.blockTag,
    hidden: page.hiddenThroughId,
    changeSeq: page.changeSeq,
    changesAfter,
  };
  const shown = [...page.changed, ...page.messages];
  return {
    messages: shown.map((row) => toJson(row, user.id)),
    etag: pageTag(key, window, page.messages, tags),
    changeSeq: page.changeSeq,
  };
}

/**
 * Stores one message (content already trimmed and length-checked by the route schema): text, a
 * photo (`image`, see message-images.ts), or both. `clientId` and `replyTo`: see send-once.ts
 * and replies.ts.
 */
export async function sendMessage({
  db,
  jobs,
  user,
  target,
  content,
  clientId = null,
  replyTo,
  image,
}: {
  db: Database;
  jobs: NoticeWriter["jobs"];
  user: SessionUser;
  target: ChatTarget;
  content: string;
  clientId?: string | null;
  replyTo?: number;
  image?: Blob;
}): Promise<MessageJson> {
  assertNotMuted(user);
  const text = content.trim();
  if (text === "" && !image) throw Invalid.field(["body", "content"], m.chat.emptyMessage);
  if (target.type === "user") {
    if (target.id === user.id) throw new Invalid(m.chat.cannotMessageSelf);
    if (!(await userExists(db, target.id))) throw new NotFound(m.chat.userNotFound);
    await assertCanMessage(db, user.id, target.id);
  } else if (target.type === "announcements") {
    await assertAnnouncementsWriter(db, user, target.id);
  } else {
    const access = await findClubAccess(db, { userId: user.id, clubId: target.id });
    if (!access) throw new NotFound(m.chat.clubNotFound);
    assertClubWritable(user, access);
  }
  const reply = await findReplyQuote({ db, user, target, replyTo });
  const lockKey = conversationLockKey(user.id, target);
  const screened = await screenTexts({ db, kind: "message", authorId: user.id, texts: [text] });
  const stored = screened.texts[0] ?? text;
  const held = screened.held;
  const row = await db.transaction(async (tx) => {
    // In the transaction, so a refused send leaves no photo behind; before the conversation
    // lock, so encoding a photo never holds up the chat's other sends.
    const imageId = image ? await saveMessageImage({ db: tx, file: image }) : null;
    await lockConversation(tx, lockKey);
    // Under the lock, so two sends at once cannot both slip under a request's limit.
    const delivery =
      target.type === "user"
        ? await decideDirectDelivery({ db: tx, sender: user, recipientId: target.id })
        : { asRequest: false };
    // The messages_ensure_read_rows trigger gives both parties a conversation_reads row.
    const sender = await findSenderProfile(tx, user.id);
    const extras = { clientId, replyToId: reply?.id ?? null, imageId };
    const inserted =
      target.type === "user"
        ? await insertMessage(tx, {
            senderId: user.id,
            recipientId: target.id,
            content: stored,
            sentAsRequest: delivery.asRequest,
            held,
            ...extras,
          })
        : target.type === "announcements"
          ? await insertAnnouncement(tx, {
              senderId: user.id,
              clubId: target.id,
              content: stored,
              held,
              ...extras,
            })
          : await insertMessage(tx, {
              senderId: user.id,
              clubId: target.id,
              content: stored,
              held,
              ...extras,
            });
    await reportScreenedText({
      db: tx,
      screened,
      targetType: "message",
      targetId: inserted.id,
      authorId: user.id,
    });
    // A held message is hidden until approved, and a message request must not reach anyone
    // unasked (messages.sent_as_request): no notice for either. In the message's transaction,
    // with its push job: a committed message always has its notice and push.
    if (!held && !delivery.asRequest) {
      const out = { db: tx, jobs };
      if (target.type === "user")
        await notifyDirectMessage(out, { senderId: user.id, recipientId: target.id });
      else {
        if (target.type === "announcements")
          await notifyAnnouncement(out, { senderId: user.id, clubId: target.id });
        else await notifyClubMessage(out, { senderId: user.id, clubId: target.id });
        // An aviso names members as a chat message does (the notice's path tells them apart).
        const mention = { senderId: user.id, clubId: target.id, messageId: inserted.id, content: stored };
        await notifyMessageMentions(out, mention);
      }
    }
    return { ...inserted, ...sender, asRequest: delivery.asRequest, imageId };
  });
  if (row.imageId) return await readSentMessage({ db, user, id: row.id });
  const fresh = { clientId, replyTo: reply, reactions: [], deleted: false, changeSeq: null, image: null };
  const request = { sentAsRequest: row.asRequest, requestPending: row.asRequest };
  return toJson(
    {
      ...row,
      ...fresh,
      ...request,
      senderUsername: user.username,
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
    },
    user.id,
  );
}

/** The chat screen's list: one row per conversation, newest activity first. */
export async function listConversations({
  db,
  user,
}: {
  db: Database;
  user: SessionUser;
}): Promise<ConversationJson[]> {
  const rows = await listConversationRows(db, { userId: user.id, unreadCap: UNREAD_CAP });
  const channels = await listAnnouncementChannels(db, { userId: user.id, unreadCap: UNREAD_CAP });
  const listed = rows.map(
    (row): ConversationJson => ({
      type: row.type,
      id: row.id,
      name: row.name,
      image_url: uploadUrl(row.imageId),
      last_message_content: row.lastMessageContent,
      last_message_at: row.lastMessageAt,
      last_message_sender_id: row.lastMessageSenderId,
      last_message_has_image: row.lastMessageHasImage,
      last_message_deleted: row.lastMessageDeleted,
      unread_count: row.unreadCount,
      request: row.request,
      awaiting_acceptance: row.awaitingAcceptance,
    }),
  );
  return placeAnnouncementChannels(listed, channels);
}
