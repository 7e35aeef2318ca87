import { m } from "../../common/messages";

const t = m.listCommon;

/** What the line says: a tombstone and a photo have no text of their own. */
export function lastMessageText(content: string | null | undefined, hasImage: boolean, deleted: boolean) {
  if (deleted) return t.lastDeleted;
  if (!hasImage) return content || null;
  return content ? `📷 ${content}` : t.lastPhoto;
}
