import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { findMessageView } from "./message-change-queries";
import { toJson } from "./message-json";
import type { MessageJson } from "./schema";

/** A message just stored, read back as its sender's poll shows it (a photo's size comes from the upload). */
export async function readSentMessage({
  db,
  user,
  id,
}: {
  db: Database;
  user: SessionUser;
  id: number;
}): Promise<MessageJson> {
  const row = await findMessageView(db, { id, viewerId: user.id });
  if (!row) throw new NotFound(m.safety.messageNotFound);
  return toJson(row, user.id);
}
