import type { Database } from "../../lib/database/client";
import { readConversationNoticeFor } from "../notices";
import {
  advanceReadMarks,
  findClubChangesAfter,
  findClubMessagesAfter,
  findNewestMessageId,
} from "./live-queries";
import type { MessageRow } from "./queries";

/**
 * The live connection's reads of a club's Avisos channel (`announcements:<id>`), the twins of
 * the club chat's in live-delivery.ts: read once for every follower, each follower's view
 * (held, blocks, reacted_by_me) applied in memory by viewsOfClubMessages / viewsOfClubChanges.
 */
const LIVE_BATCH = 100;

export function readNewestAnnouncement(db: Database, clubId: number) {
  return findNewestMessageId(db, { type: "announcements", clubId });
}

export function readNewAnnouncements(db: Database, clubId: number, after: number): Promise<MessageRow[]> {
  return findClubMessagesAfter(db, { channel: "announcements", clubId, after, limit: LIVE_BATCH });
}

export function readAnnouncementChanges(
  db: Database,
  { clubId, after, upToId }: { clubId: number; after: number; upToId: number },
): Promise<MessageRow[]> {
  return findClubChangesAfter(db, { channel: "announcements", clubId, after, upToId, limit: LIVE_BATCH });
}

/** Marks the channel read up to what each follower was sent, as their poll would have. */
export async function markAnnouncementsDelivered(
  db: Database,
  clubId: number,
  marks: { userId: number; lastReadId: number }[],
): Promise<void> {
  if (marks.length === 0) return;
  const key = `announcements:${clubId}`;
  await advanceReadMarks(db, { key, marks });
  await readConversationNoticeFor(
    db,
    marks.map((mark) => mark.userId),
    key,
  );
}
