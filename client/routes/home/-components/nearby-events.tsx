import { Link } from "@tanstack/react-router";
import type { UpcomingPage } from "../../../../common/api/events";
import type { Profile } from "../../../../common/api/users";
import { formatDateTime } from "../../../../common/datetime";
import { format, m } from "../../../../common/messages";
import { useResource } from "../../../lib/use-resource";

/**
 * For a member of no club yet, where "Upcoming events in your clubs" has nothing to show: the
 * next events of every club, in their region when the profile names one, with a way to all of
 * them on /events. Hidden while loading, on failure and when nothing is coming, so a new
 * member's /home never shows an empty block (issue 34).
 */
export function NearbyEvents() {
  const t = m.events;
  const me = useResource(["users", "me"], (api) => api.get<Profile>("/api/users/me"));
  const region = me.data?.region ?? null;
  const query = region ? `&region=${encodeURIComponent(region)}` : "";
  const nearby = useResource(["events", "nearby", region ?? ""], (api) =>
    api.get<UpcomingPage>(`/api/events/upcoming?limit=3${query}`),
  );
  const events = nearby.error ? [] : (nearby.data?.events ?? []);
  if (!me.data || events.length === 0) return null;
  return (
    <section className="upcoming" aria-labelledby="nearby-title" data-testid="nearby-events">
      <h2 className="upcoming__title" id="nearby-title">
        {region ? format(t.nearbyTitleIn, { region }) : t.nearbyTitle}
      </h2>
      <ul className="upcoming__list">
        {events.map((event) => (
          <li key={event.id} className="upcoming__item">
            <Link
              to="/home"
              search={(prev) => ({ ...prev, post: event.id })}
              className="upcoming__link"
              resetScroll={false}
            >
              <span className="upcoming__when">{formatDateTime(event.event_date)}</span>
              <span className="upcoming__name">{event.title ?? t.untitledEvent}</span>
              <span className="upcoming__meta">
                {event.club_name}
                {event.event_location ? ` · ${event.event_location}` : ""}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <a className="upcoming__all" href={region ? `/events?region=${encodeURIComponent(region)}` : "/events"}>
        {t.nearbyAll}
      </a>
    </section>
  );
}
