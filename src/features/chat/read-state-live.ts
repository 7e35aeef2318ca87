import type { Database } from "../../lib/database/client";
import {
  type ClubRoom,
  selectClubReadFacts,
  selectDirectReadMark,
  selectNewestOwnClubMessages,
  selectSharesReceipts,
} from "./read-state-queries";

/**
 * The chat feature's public surface for the live `read` frames (src/features/live/read-frames.ts):
 * the same rules as GET /api/messages/{user|club}/{id}/reads (read-state.ts).
 */

/** How far `readerId` read their chat with `viewerId`, or null when the viewer may not be told. */
export async function readDirectMarkFor(
  db: Database,
  { readerId, viewerId }: { readerId: number; viewerId: number },
): Promise<{ lastReadId: number; readAt: Date } | null> {
  if (!(await selectSharesReceipts(db, viewerId))) return null;
  const mark = await selectDirectReadMark(db, { readerId, viewerId });
  return mark?.visible && mark.lastReadId > 0 ? mark : null;
}

export type { ClubRoom };

export function readNewestOwnClubMessages(db: Database, clubId: number, userIds: number[], room?: ClubRoom) {
  return selectNewestOwnClubMessages(db, { clubId, userIds, room });
}

export function readClubReadFacts(
  db: Database,
  clubId: number,
  readerIds: number[],
  userIds: number[],
  room?: ClubRoom,
) {
  return selectClubReadFacts(db, { clubId, readerIds, userIds, room });
}
