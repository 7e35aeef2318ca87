import type { UpcomingPage, UpcomingQuery } from "../../../common/api/events";
import { eventWindow } from "../../../common/event-dates";
import type { Database } from "../../lib/database/client";
import { Unauthorized } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { listUpcomingEvents, type UpcomingEventRow, type UpcomingFilter } from "./upcoming-queries";

/** How many interest matches head a signed-in person's first page. */
const FOR_YOU_SIZE = 3;

function present(row: UpcomingEventRow) {
  return {
    id: row.id,
    club_id: row.clubId,
    club_name: row.clubName,
    club_region: row.clubRegion,
    title: row.title,
    event_date: (row.eventDate ?? new Date(0)).toISOString(),
    event_location: row.eventLocation,
    going_count: row.goingCount,
    capacity: row.capacity,
    my_rsvp: row.myRsvp ?? null,
  };
}

function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [micros = "0", id = "0"] = cursor.split(".");
  return { micros, id: Number(id) };
}

/**
 * An empty answer names the next date that would match (issue 50: "the next León event was on
 * 1 dic"): the first event after the date preset's window with every other filter kept. With
 * no preset the window is already "from now on", so nothing later can match.
 */
async function nextMatchingDate(db: Database, filter: UpcomingFilter): Promise<string | null> {
  if (!filter.to) return null;
  const [next] = await listUpcomingEvents(db, {
    filter: { ...filter, from: filter.to, to: null },
    viewerId: null,
    limit: 1,
  });
  return next?.eventDate ? next.eventDate.toISOString() : null;
}

/**
 * Upcoming events of every club (or, `scope=mine`, of the caller's clubs: the /home strip),
 * soonest first, keyset-paged on (event_date, id). The main list is the same for everyone, so
 * pages never shift; a signed-in caller's interests come as a separate short `for_you` list on
 * the first page (the same events may appear in both).
 */
export async function listUpcoming({
  db,
  user,
  query,
  now = new Date(),
}: {
  db: Database;
  user: SessionUser | null;
  query: UpcomingQuery;
  now?: Date;
}): Promise<UpcomingPage> {
  if (query.scope === "mine" && !user) throw new Unauthorized();
  const filter: UpcomingFilter = {
    ...eventWindow(query.when, now),
    region: query.region,
    tag: query.tag,
    clubId: query.club,
    memberId: query.scope === "mine" ? user?.id : undefined,
    after: parseCursor(query.cursor),
  };
  const viewerId = user?.id ?? null;
  const rows = await listUpcomingEvents(db, { filter, viewerId, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const forYou =
    user && !query.cursor && query.scope === "all"
      ? await listUpcomingEvents(db, {
          filter: { ...filter, interestsOf: user.id },
          viewerId,
          limit: FOR_YOU_SIZE,
        })
      : [];
  return {
    events: page.map(present),
    for_you: forYou.map(present),
    next_cursor: rows.length > query.limit && last ? `${last.cursorMicros}.${last.id}` : null,
    next_date: page.length === 0 && !query.cursor ? await nextMatchingDate(db, filter) : null,
  };
}
