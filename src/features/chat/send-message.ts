import { m } from "../../../common/messages";
import type { Database, Executor } from "../../lib/database/client";
import { Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { assertCanMessage } from "../blocks";
import { notifyMessageMentions } from "../mentions";
import { decideDirectDelivery } from "../message-requests";
import {
  clubMessageNoticesStatement,
  type NoticeWriter,
  notifyAnnouncement,
  notifyDirectMessage,
  pushableNoticeIds,
  queueNoticePushIds,
} from "../notices";
import { assertNotMuted } from "../users";
import { reportScreenedText, screenTexts } from "../watched-words";
import { assertAnnouncementsWriter } from "./announcements-access";
import { saveMessageImage } from "./message-images";
import { toJson } from "./message-json";
import { findClubAccess, userExists } from "./queries";
import { findReplyQuote } from "./replies";
import type { MessageJson } from "./schema";
import { readSentMessage } from "./sent-message";
import { assertClubWritable, type ChatTarget, conversationLockKey } from "./service";
import { insertMessage, lockConversation } from "./write-queries";

/**
 * Who of a club this process delivers its chat to live with their read mark moved by the
 * delivery (src/features/live: the hub's settled followers). They are in the chat: a club
 * message gives them no notice (clubMessageNoticesStatement).
 */
export type LiveClubReaders = (clubId: number) => readonly number[];

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
  liveReaders,
}: {
  db: Database;
  jobs: NoticeWriter["jobs"];
  liveReaders?: LiveClubReaders;
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
  }
  // A plain club message (no quote to look up in the chat, no photo to encode) is checked in its
  // insert: one statement fewer per send (docs/capacity.md, "Fewer statements per send").
  // Otherwise checked first; and before any refusal of its text, so the answers come in the same order.
  const checkInInsert = target.type === "club" && replyTo === undefined && !image;
  if (target.type === "club" && !checkInInsert) await assertClubSender(db, user, target.id);
  const reply = await findReplyQuote({ db, user, target, replyTo });
  const lockKey = conversationLockKey(user.id, target);
  // Before the transaction: under the conversation's lock every round trip holds up the chat's
  // other sends (docs/capacity.md, "Where a send waited").
  const screened = await screenTexts({
    db,
    kind: "message",
    authorId: user.id,
    texts: [text],
    beforeRefusal: checkInInsert ? () => assertClubSender(db, user, target.id) : undefined,
  });
  const stored = screened.texts[0] ?? text;
  const held = screened.held;
  const row = await db.transaction(async (tx) => {
    // In the transaction, so a refused send leaves no photo behind; before the conversation
    // lock, so encoding a photo never holds up the chat's other sends.
    const imageId = image ? await saveMessageImage({ db: tx, file: image }) : null;
    // A direct message decides under the lock whether it is a request, so two sends at once
    // cannot both slip under a request's limit; a club's message takes the lock in its insert.
    if (target.type === "user") await lockConversation(tx, lockKey);
    const delivery =
      target.type === "user"
        ? await decideDirectDelivery({ db: tx, sender: user, recipientId: target.id })
        : { asRequest: false };
    // The messages_ensure_read_rows trigger gives both parties a conversation_reads row.
    const locked = target.type === "user" ? {} : { lockKey };
    const extras = { clientId, replyToId: reply?.id ?? null, imageId, ...locked };
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
          ? await insertMessage(tx, {
              senderId: user.id,
              announcementClubId: target.id,
              content: stored,
              held,
              ...extras,
            })
          : await insertClubMessage(tx, {
              user,
              checkInInsert,
              values: {
                senderId: user.id,
                clubId: target.id,
                content: stored,
                held,
                ...extras,
                // The members' notices in the insert's own statement: one round trip fewer under
                // the chat's lock (docs/capacity.md, "Notices in the insert").
                notices: held
                  ? undefined
                  : {
                      statement: (onlyIfStored) =>
                        clubMessageNoticesStatement(
                          { senderId: user.id, clubId: target.id, inChat: liveReaders?.(target.id) },
                          onlyIfStored,
                        ),
                      pushIds: pushableNoticeIds,
                    },
              },
            });
    // Only a checked club insert stores nothing, and insertClubMessage answers that itself.
    if (!inserted) throw new Error("an insert without a condition stored no row");
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
        else await queueNoticePushIds(out, inserted.noticePushIds);
        // An aviso names members as a chat message does (the notice's path tells them apart).
        const mention = { senderId: user.id, clubId: target.id, messageId: inserted.id, content: stored };
        await notifyMessageMentions(out, mention);
      }
    }
    return { ...inserted, asRequest: delivery.asRequest, imageId };
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

/** Why the user may not write in the club's chat, thrown; nothing when they may. */
async function assertClubSender(db: Executor, user: SessionUser, clubId: number) {
  const access = await findClubAccess(db, { userId: user.id, clubId });
  if (!access) throw new NotFound(m.chat.clubNotFound);
  assertClubWritable(user, access);
}

/**
 * Stores a club message, checking in its insert that the sender may write (`checkInInsert`).
 * Refused, the same transaction reads why and throws it; found allowed by then (they joined
 * between the two statements), it stores the message as any member's.
 */
async function insertClubMessage(
  tx: Executor,
  {
    user,
    checkInInsert,
    values,
  }: {
    user: SessionUser;
    checkInInsert: boolean;
    values: Parameters<typeof insertMessage>[1] & { clubId: number };
  },
) {
  if (!checkInInsert) return await insertMessage(tx, values);
  const stored = await insertMessage(tx, { ...values, writableBy: { admin: user.role === "admin" } });
  if (stored) return stored;
  await assertClubSender(tx, user, values.clubId);
  return await insertMessage(tx, values);
}
