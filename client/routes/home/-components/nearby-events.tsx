import type { UpcomingPage } from "../../../../common/api/events";
import type { Interests } from "../../../../common/api/interests";
import type { Profile } from "../../../../common/api/users";
import { format, m } from "../../../../common/messages";
import { INTERESTS_KEY } from "../../../lib/interest-keys";
import { useResource } from "../../../lib/use-resource";
import { EventStripLink } from "./event-strip-link";

/**
 * For a member of no club yet, where "Upcoming events in your clubs" has nothing to show: the
 * next events of every club in their region (the one they picked as an interest, else their
 * profile's), with a way to all of them on /events. "Near" needs a place: without one, and while
 * loading, on failure or when nothing is coming, nothing shows, so a new member's /home never
 * shows an empty block (issue 34).
 */
export function NearbyEvents() {
  const t = m.events;
  const me = useResource(["users", "me"], (api) => api.get<Profile>("/api/users/me"));
  const interests = useResource(INTERESTS_KEY, (api) => api.get<Interests>("/api/users/me/interests"));
  const region = interests.data?.region ?? me.data?.region ?? null;
  const nearby = useResource(
    ["events", "nearby", region ?? ""],
    (api) => api.get<UpcomingPage>(`/api/events/upcoming?limit=3&region=${encodeURIComponent(region ?? "")}`),
    { enabled: region !== null },
  );
  const events = nearby.error ? [] : (nearby.data?.events ?? []);
  if (!region || events.length === 0) return null;
  return (
    <section className="upcoming" aria-labelledby="nearby-title" data-testid="nearby-events">
      <h2 className="upcoming__title" id="nearby-title">
        {format(t.nearbyTitleIn, { region })}
      </h2>
      <ul className="upcoming__list">
        {events.map((event) => (
          <li key={event.id} className="upcoming__item">
            <EventStripLink event={event} />
          </li>
        ))}
      </ul>
      <a className="upcoming__all" href={`/events?region=${encodeURIComponent(region)}`}>
        {t.nearbyAll}
      </a>
    </section>
  );
}
