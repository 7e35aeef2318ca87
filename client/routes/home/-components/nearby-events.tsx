import type { UpcomingPage } from "../../../../common/api/events";
import type { Interests } from "../../../../common/api/interests";
import type { Profile } from "../../../../common/api/users";
import { format, m } from "../../../../common/messages";
import { INTERESTS_KEY } from "../../../lib/interest-keys";
import { isSettled, useResource } from "../../../lib/use-resource";
import { EventStripLink } from "./event-strip-link";

/**
 * The region and its next events, or null until they are known (the profile, the interests and,
 * with a region, the events): /home draws what goes above its feed before the feed
 * (home-page.tsx). `enabled: false` loads nothing (a member of a club never sees the block).
 */
export function useNearbyEvents(
  enabled: boolean,
): { region: string | null; events: UpcomingPage["events"] } | null {
  const me = useResource(["users", "me"], (api) => api.get<Profile>("/api/users/me"), { enabled });
  const interests = useResource(INTERESTS_KEY, (api) => api.get<Interests>("/api/users/me/interests"), {
    enabled,
  });
  const region = interests.data?.region ?? me.data?.region ?? null;
  const nearby = useResource(
    ["events", "nearby", region ?? ""],
    (api) => api.get<UpcomingPage>(`/api/events/upcoming?limit=3&region=${encodeURIComponent(region ?? "")}`),
    { enabled: enabled && region !== null },
  );
  if (!isSettled(me) || !isSettled(interests)) return null;
  if (region === null) return { region, events: [] };
  if (!isSettled(nearby)) return null;
  return { region, events: nearby.error ? [] : (nearby.data?.events ?? []) };
}

/**
 * For a member of no club yet, where "Upcoming events in your clubs" has nothing to show: the
 * next events of every club in their region (the one they picked as an interest, else their
 * profile's), with a way to all of them on /events. "Near" needs a place: without one, and while
 * loading, on failure or when nothing is coming, nothing shows, so a new member's /home never
 * shows an empty block (issue 34).
 */
export function NearbyEvents() {
  const t = m.events;
  const nearby = useNearbyEvents(true);
  if (!nearby?.region || nearby.events.length === 0) return null;
  const { region, events } = nearby;
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
