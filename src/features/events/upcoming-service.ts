import type { Database } from "../../lib/database/client";
import type { SessionUser } from "../../lib/session-token";
import { listUpcomingForUser } from "./queries";

/** The /home strip: the next events of the user's clubs. */
export async function listUpcoming({ db, user, limit }: { db: Database; user: SessionUser; limit: number }) {
  const rows = await listUpcomingForUser(db, user.id, new Date(), limit);
  return rows.map((row) => ({
    id: row.id,
    club_id: row.clubId,
    club_name: row.clubName,
    title: row.title,
    event_date: (row.eventDate ?? new Date(0)).toISOString(),
    event_location: row.eventLocation,
    going_count: row.goingCount,
    capacity: row.capacity,
    my_rsvp: row.myRsvp ?? null,
  }));
}
