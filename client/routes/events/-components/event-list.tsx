import { Link } from "@tanstack/react-router";
import type { UpcomingEvent } from "../../../../common/api/events";
import { formatDateTime } from "../../../../common/datetime";
import { format, m } from "../../../../common/messages";
import { goingText } from "../../../components/post/post-utils";

/**
 * Events as cards: when (Managua time), the title linking to the post, the club and place, who
 * is going, and the RSVP, which lives in the post's dialog on the club's Posts tab.
 */
export function EventList({ events, label }: { events: UpcomingEvent[]; label: string }) {
  const t = m.events;
  return (
    <ul className="event-list" aria-label={label}>
      {events.map((event) => {
        const post = { clubId: String(event.club_id) };
        const postSearch = { tab: "posts" as const, post: event.id };
        return (
          <li key={event.id} className="event-card">
            <time className="event-card__when" dateTime={event.event_date}>
              {formatDateTime(event.event_date)}
            </time>
            <h3 className="event-card__title">
              <Link to="/clubs/$clubId" params={post} search={postSearch}>
                {event.title ?? t.untitledEvent}
              </Link>
            </h3>
            <p className="event-card__meta">
              {[event.club_name, event.club_region, event.event_location].filter(Boolean).join(" · ")}
            </p>
            <p className="event-card__meta">
              {goingText({ ...event, waitlist_count: 0 })}
              {event.my_rsvp === "going" ? ` · ${t.youAreGoing}` : ""}
            </p>
            <Link
              to="/clubs/$clubId"
              params={post}
              search={postSearch}
              className="button button--secondary event-card__rsvp"
              aria-label={format(t.rsvpLinkFor, { event: event.title ?? t.untitledEvent })}
            >
              {t.rsvpLink}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
