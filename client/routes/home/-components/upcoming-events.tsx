import type { UpcomingPage } from "../../../../common/api/events";
import { format, m } from "../../../../common/messages";
import { goingText } from "../../../components/post/post-utils";
import { isSettled, useResource } from "../../../lib/use-resource";
import { EventStripLink } from "./event-strip-link";

type Notice = { id: number; kind: string; club_name: string | null; seen: boolean };

const NOTICE_TEXT: Record<string, () => string> = {
  event_promoted: () => m.events.noticePromoted,
  event_moved: () => m.events.noticeMoved,
  event_cancelled: () => m.events.noticeCancelled,
};

/**
 * What the strip on /home shows: the next events of the user's clubs and their unseen event
 * notices (a place opened up, a move, a cancellation; they stay until the notices are marked
 * seen on the Connections screen). Null until both loads are back, so /home can draw what goes
 * above its feed before the feed (home-page.tsx). A failed load counts as nothing to show.
 */
export function useUpcomingStrip(): { events: UpcomingPage["events"]; notices: Notice[] } | null {
  const upcoming = useResource(["events", "upcoming"], (api) =>
    api.get<UpcomingPage>("/api/events/upcoming?scope=mine&limit=10"),
  );
  const noticeList = useResource(["notifications", "notices"], (api) =>
    api.get<Notice[]>("/api/notifications/notices?limit=20"),
  );
  if (!isSettled(upcoming) || !isSettled(noticeList)) return null;
  return {
    events: upcoming.error ? [] : (upcoming.data?.events ?? []),
    notices: (noticeList.data ?? []).filter((n) => !n.seen && n.kind in NOTICE_TEXT).slice(0, 3),
  };
}

/**
 * The strip on /home: the next events of the user's clubs, soonest first, each opening the
 * event in the feed's dialog. It scrolls sideways on phones and hides while it loads.
 */
export function UpcomingEvents() {
  const t = m.events;
  const strip = useUpcomingStrip();
  // Nothing coming and nothing to tell: no empty block (a new member sees clubs for them instead).
  if (strip === null || (strip.events.length === 0 && strip.notices.length === 0)) return null;
  const { events, notices } = strip;
  return (
    <section className="upcoming" aria-labelledby="upcoming-title" data-testid="upcoming-events">
      <h2 className="upcoming__title" id="upcoming-title">
        {t.upcomingTitle}
      </h2>
      {notices.length > 0 ? (
        <ul className="upcoming__notices" data-testid="event-notices">
          {notices.map((notice) => (
            <li key={notice.id}>
              {format(NOTICE_TEXT[notice.kind]?.() ?? "", { club: notice.club_name ?? "" })}
            </li>
          ))}
        </ul>
      ) : null}
      {events.length === 0 ? (
        <p className="upcoming__empty">{t.upcomingEmpty}</p>
      ) : (
        <ul className="upcoming__list">
          {events.map((event) => (
            <li key={event.id} className="upcoming__item">
              <EventStripLink
                event={event}
                extra={`${goingText({ ...event, waitlist_count: 0 })}${event.my_rsvp === "going" ? ` · ${t.youAreGoing}` : ""}`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
