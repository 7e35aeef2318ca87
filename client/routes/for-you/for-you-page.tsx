import { Link } from "@tanstack/react-router";
import type { UpcomingPage } from "../../../common/api/events";
import { format, m } from "../../../common/messages";
import { Alert } from "../../components/form";
import { SuggestedClubs } from "../../components/suggested-clubs";
import { toQuery } from "../../lib/api";
import { useHomeRegion } from "../../lib/home-region";
import { useResource } from "../../lib/use-resource";
import { EventList } from "../events/-components/event-list";

const t = m.suggestions;
const EVENTS_SHOWN = 5;

/** "Para vos": suggested clubs (region first, each with its reasons), then events near her. */
export function ForYouPage() {
  const region = useHomeRegion();
  const events = useResource(
    ["events", "upcoming", "near", region ?? null],
    (api) =>
      api.get<UpcomingPage>(
        `/api/events/upcoming${toQuery({ region: region ?? undefined, limit: EVENTS_SHOWN })}`,
      ),
    { fallback: t.eventsFailed, enabled: region !== undefined },
  );
  return (
    <div className="page for-you-page">
      <SuggestedClubs limit={12} level={1} />
      <p>
        <Link to="/clubs">{t.allClubs}</Link>
      </p>
      <section aria-labelledby="for-you-events" data-testid="for-you-events">
        <h2 id="for-you-events">{t.eventsTitle}</h2>
        <p className="page__intro">{region ? format(t.eventsIn, { region }) : t.eventsSoon}</p>
        {events.error ? (
          <Alert>{events.error}</Alert>
        ) : !events.data ? (
          <p>{m.shellCommon.loading}</p>
        ) : events.data.events.length === 0 ? (
          <p className="empty-state">{t.eventsNone}</p>
        ) : (
          <EventList events={events.data.events} label={t.eventsTitle} />
        )}
        <p>
          <Link to="/events" search={region ? { region } : {}}>
            {t.allEvents}
          </Link>
        </p>
      </section>
    </div>
  );
}
