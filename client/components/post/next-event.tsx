import { Link } from "@tanstack/react-router";
import CalendarDays from "lucide-react/icons/calendar-days";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import type { FeedPost } from "../../../common/api/posts";
import { formatDateTime } from "../../../common/datetime";
import { m } from "../../../common/messages";
import { goingText, postHeading } from "./post-utils";

/** Under a club page's header: its next event (a link that opens it) and the club's calendar feed. */
export function NextEvent({ clubId, event }: { clubId: string; event: FeedPost | null }) {
  const t = m.events;
  return (
    <div className="next-event" data-testid="next-event">
      {event ? (
        <>
          <CalendarDays aria-hidden="true" size={16} />
          <span className="next-event__label">{t.nextEvent}:</span>
          <Link to="/clubs/$clubId" params={{ clubId }} search={{ tab: "posts", post: event.id }}>
            {postHeading(event)}
          </Link>
          <span>
            {formatDateTime(event.event_date)}
            {event.event_location ? ` · ${event.event_location}` : ""} · {goingText(event)}
          </span>
        </>
      ) : null}
      <a href={`/clubs/${clubId}/calendar.ics`} className="next-event__feed">
        <CalendarPlus aria-hidden="true" size={16} /> {t.clubCalendarFeed}
      </a>
    </div>
  );
}
