import { displayName } from "../../../common/display-name";
import { format, m } from "../../../common/messages";
import type { Database, Executor } from "../../lib/database/client";
import { Forbidden, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { findWhoCanMessage } from "../notification-settings";
import { uploadUrl } from "../uploads";
import {
  findContactState,
  hasPendingRequest,
  hideConversationFor,
  markPairAccepted,
  recordRequestMessage,
  selectIncomingRequests,
} from "./queries";
import type { MessageRequest } from "./schema";

/** Until the recipient accepts, a request holds at most this many messages. */
const REQUEST_MESSAGE_LIMIT = 3;

/**
 * Whether a direct message may go from `sender` to `recipientId`, and how (called inside the
 * send's transaction, after the conversation lock). Admins always write. Otherwise the
 * recipient's "who can message me" rule first (clubs: a shared club; nobody: no one), then:
 * people who share a club, or who accepted each other, write freely; a message to someone who
 * wrote to you first is a reply and accepts the pair; anyone else sends a request, at most
 * REQUEST_MESSAGE_LIMIT messages until it is accepted, counted as sent (a message the sender
 * deletes still counts). Returns whether this message is a request.
 */
export async function decideDirectDelivery({
  db,
  sender,
  recipientId,
}: {
  db: Executor;
  sender: SessionUser;
  recipientId: number;
}): Promise<{ asRequest: boolean }> {
  if (sender.role === "admin") return { asRequest: false };
  // One after the other: inside a transaction both would queue on the same connection anyway.
  const rule = await findWhoCanMessage(db, recipientId);
  const state = await findContactState(db, { senderId: sender.id, recipientId });
  const name = state.recipientName;
  if (rule === "nobody") throw new Forbidden(format(m.messageRequests.nobody, { name }));
  if (rule === "clubs" && !state.sharesClub)
    throw new Forbidden(format(m.messageRequests.onlyClubs, { name }));
  if (state.accepted || state.sharesClub) return { asRequest: false };
  if (state.recipientWrote) {
    await markPairAccepted(db, { a: sender.id, b: recipientId });
    return { asRequest: false };
  }
  if (state.requestMessages >= REQUEST_MESSAGE_LIMIT) {
    throw new Forbidden(format(m.messageRequests.notAcceptedYet, { name }));
  }
  await recordRequestMessage(db, { senderId: sender.id, recipientId });
  return { asRequest: true };
}

export async function listMessageRequests({
  db,
  user,
}: {
  db: Database;
  user: SessionUser;
}): Promise<MessageRequest[]> {
  const rows = await selectIncomingRequests(db, user.id);
  return rows.map((row) => ({
    user_id: row.userId,
    username: row.username,
    display_name: displayName(row),
    profile_picture_url: uploadUrl(row.pictureId),
    school: row.school,
    // A shared club makes a message no request, so a listed request never has one.
    shared_clubs: [],
    message_count: row.messageCount,
    unread_count: row.unreadCount,
    last_message_content: row.lastMessageContent,
    last_message_at: row.lastMessageAt,
    created_at: row.createdAt,
  }));
}

async function assertPending(db: Executor, userId: number, senderId: number) {
  if (!(await hasPendingRequest(db, { senderId, recipientId: userId }))) {
    throw new NotFound(m.messageRequests.notFound);
  }
}

/** The recipient accepts: the conversation joins their main list and the sender's limit goes. */
export async function acceptMessageRequest({
  db,
  user,
  senderId,
}: {
  db: Executor;
  user: SessionUser;
  senderId: number;
}) {
  await db.transaction(async (tx) => {
    await assertPending(tx, user.id, senderId);
    await markPairAccepted(tx, { a: user.id, b: senderId });
  });
}

/**
 * The recipient deletes the request: its messages leave their chats (list, badge, thread); the
 * sender is not told and sees no change. The request stays pending, so the sender's limit still
 * counts the messages already sent; any they may still send arrive as a new request.
 */
export async function deleteMessageRequest({
  db,
  user,
  senderId,
}: {
  db: Executor;
  user: SessionUser;
  senderId: number;
}) {
  await db.transaction(async (tx) => {
    await assertPending(tx, user.id, senderId);
    await hideConversationFor(tx, { userId: user.id, otherId: senderId });
  });
}
