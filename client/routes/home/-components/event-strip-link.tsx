import { Link } from "@tanstack/react-router";
import type { UpcomingPage } from "../../../../common/api/events";
import { formatDateTime } from "../../../../common/datetime";
import { m } from "../../../../common/messages";

type UpcomingEvent = UpcomingPage["events"][number];

/**
 * One event in a /home strip (your clubs', or near you): when, what, which club and where,
 * opening the event in the feed's dialog; `extra` is a last line (who is going).
 */
export function EventStripLink({ event, extra }: { event: UpcomingEvent; extra?: string }) {
  return (
    <Link
      to="/home"
      search={(prev) => ({ ...prev, post: event.id })}
      className="upcoming__link"
      resetScroll={false}
    >
      <span className="upcoming__when">{formatDateTime(event.event_date)}</span>
      <span className="upcoming__name">{event.title ?? m.events.untitledEvent}</span>
      <span className="upcoming__meta">
        {event.club_name}
        {event.event_location ? ` · ${event.event_location}` : ""}
      </span>
      {extra ? <span className="upcoming__meta">{extra}</span> : null}
    </Link>
  );
}
