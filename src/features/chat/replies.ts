import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Invalid } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { findReplyTarget } from "./message-change-queries";
import type { ReplyRow } from "./message-row-queries";

/**
 * The quote of the message a new one answers (`reply_to`), or null for none. It must be in the
 * same conversation and one the sender can see; any other id (another conversation's, a held
 * message of someone else, none at all) is refused with 422, so a quote never leaks a message.
 */
export async function findReplyQuote({
  db,
  user,
  target,
  replyTo,
}: {
  db: Database;
  user: SessionUser;
  target: { type: "user" | "club" | "announcements"; id: number };
  replyTo: number | undefined;
}): Promise<ReplyRow | null> {
  if (replyTo === undefined) return null;
  const quote = await findReplyTarget(db, { replyToId: replyTo, userId: user.id, target });
  if (!quote) throw Invalid.field(["body", "reply_to"], m.chat.replyNotInConversation);
  return quote;
}
