import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { isUniqueViolation } from "../../lib/database/errors";
import { DomainError, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { findMessageView, findSentByClientId } from "./message-change-queries";
import { toJson } from "./message-json";
import type { MessageJson } from "./schema";
import { type LiveClubReaders, sendMessage } from "./send-message";
import type { ChatTarget } from "./service";

/**
 * A send that is safe to retry. On a phone network a request can arrive while its answer is
 * lost; the client sends again with the same `client_id`, and gets the message already stored
 * (`created: false`, answered 200) instead of a second one. Two at once cannot both store: the
 * unique index (sender_id, client_id) refuses the second insert, which then answers with the first.
 *
 * The stored message is looked for only when the send fails, not before every send: every
 * message the app sends carries a `client_id`, and a look first was one more round trip on each
 * (docs/capacity.md, "A look for a retry only when it is one"). A retry fails either at the
 * unique index or earlier, on a rule that refuses it now (the sender muted since, a watched word
 * added, the request limit the first one filled): either way its answer is the stored message.
 * A photo is encoded inside the send's transaction, so a send with one still looks first.
 */
export async function sendMessageOnce(options: {
  db: Database;
  jobs: Parameters<typeof sendMessage>[0]["jobs"];
  user: SessionUser;
  target: ChatTarget;
  content: string;
  clientId?: string;
  replyTo?: number;
  image?: Blob;
  liveReaders?: LiveClubReaders;
}): Promise<{ message: MessageJson; created: boolean }> {
  const { db, user, clientId } = options;
  if (clientId === undefined) return { message: await sendMessage(options), created: true };
  if (options.image) {
    const stored = await findSentByClientId(db, { senderId: user.id, clientId });
    if (stored !== null) return { message: await storedMessage(db, user, stored), created: false };
  }
  try {
    return { message: await sendMessage(options), created: true };
  } catch (error) {
    const retry = error instanceof DomainError || isUniqueViolation(error, "messages_sender_client_id_key");
    if (!retry) throw error;
    const first = await findSentByClientId(db, { senderId: user.id, clientId });
    if (first === null) throw error;
    return { message: await storedMessage(db, user, first), created: false };
  }
}

async function storedMessage(db: Database, user: SessionUser, id: number): Promise<MessageJson> {
  const row = await findMessageView(db, { id, viewerId: user.id });
  if (!row) throw new NotFound(m.safety.messageNotFound);
  return toJson(row, user.id);
}
