import type { Executor } from "../../lib/database/client";
import {
  type DigestSection,
  listClubEvents,
  listMissedPosts,
  listPendingRequests,
  listRegionEvents,
  type PendingRequests,
} from "./content-queries";
import type { DigestRecipient } from "./queries";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Each list shows this many and says how many more there are. */
const SHOWN = 5;

export type DigestContent = {
  clubEvents: DigestSection;
  regionEvents: DigestSection & { region: string | null };
  posts: DigestSection;
  requests: PendingRequests[];
};

/**
 * Where "new" starts: the last digest, or a week ago for a first digest. A digest older than
 * two weeks (the person had turned it off) also counts from a week ago: month-old posts are
 * not news.
 */
export function digestSince(now: Date, lastDigestAt: Date | null): Date {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  if (!lastDigestAt || lastDigestAt.getTime() < now.getTime() - 14 * DAY_MS) return weekAgo;
  return lastDigestAt;
}

/** What one person's digest lists: new events (clubs, region), missed posts, pending requests. */
export async function collectDigest(
  db: Executor,
  { person, since, now }: { person: DigestRecipient; since: Date; now: Date },
): Promise<DigestContent> {
  const window = { userId: person.id, since, now, limit: SHOWN };
  const [clubEvents, regionEvents, posts, requests] = await Promise.all([
    listClubEvents(db, window),
    person.region ? listRegionEvents(db, { ...window, region: person.region }) : { items: [], total: 0 },
    listMissedPosts(db, window),
    listPendingRequests(db, person.id),
  ]);
  return { clubEvents, regionEvents: { ...regionEvents, region: person.region }, posts, requests };
}

/** How many things the digest tells about; 0 means nothing is sent. */
export function countDigestItems(content: DigestContent): number {
  return (
    content.clubEvents.total +
    content.regionEvents.total +
    content.posts.total +
    content.requests.reduce((sum, r) => sum + r.count, 0)
  );
}
