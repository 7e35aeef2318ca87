import { useRouter } from "@tanstack/react-router";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import Check from "lucide-react/icons/check";
import Users from "lucide-react/icons/users";
import X from "lucide-react/icons/x";
import { type FormEvent, useState } from "react";
import type { Attendee, Attendees, RsvpStatus } from "../../../common/api/events";
import type { FeedPost } from "../../../common/api/posts";
import { format, m } from "../../../common/messages";
import { offerPush } from "../../lib/push";
import { Alert } from "../form";
import { useSession } from "../session-provider";
import { CheckInLink } from "./check-in-link";
import { goingText } from "./post-utils";

type RsvpResult = {
  status: RsvpStatus;
  going_count: number;
  waitlist_count: number;
  capacity: number | null;
  waitlist_position: number | null;
};

function personName(person: Attendee): string {
  const name = [person.first_name, person.last_name].filter(Boolean).join(" ");
  return name || person.username;
}

/**
 * Going / Not going on an event, its count, Add to calendar, and for the club's owner and admins
 * the list of who is going. Used on feed cards and in the post dialog; past events show the
 * count only. The answer is shown once the server has placed it (going or on the waitlist).
 */
export function EventRsvp({
  post,
  onPatch,
  compact = false,
}: {
  post: FeedPost;
  onPatch: (id: number, patch: Partial<FeedPost>) => void;
  compact?: boolean;
}) {
  const t = m.events;
  const { api } = useRouter().options.context;
  const { token } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const [attendees, setAttendees] = useState<Attendees | null>(null);
  const [showList, setShowList] = useState(false);
  const [capacity, setCapacity] = useState(post.capacity === null ? "" : String(post.capacity));
  if (!post.is_event || !post.event_date) return null;
  const upcoming = new Date(post.event_date).getTime() > Date.now();

  const answer = async (status: "going" | "not_going") => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api.put<RsvpResult>(`/api/posts/${post.id}/rsvp`, { json: { status } });
      onPatch(post.id, { my_rsvp: r.status, going_count: r.going_count, waitlist_count: r.waitlist_count });
      setPosition(r.waitlist_position);
      if (showList) setAttendees(null);
      if (status === "going") offerPush();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t.rsvpFailed);
    } finally {
      setBusy(false);
    }
  };

  const toggleList = async () => {
    const next = !showList;
    setShowList(next);
    if (!next) return;
    try {
      setAttendees(await api.get<Attendees>(`/api/posts/${post.id}/attendees`));
    } catch (e) {
      setError(e instanceof Error ? e.message : t.rsvpFailed);
    }
  };

  // Owners change the capacity in place (there is no separate event editor).
  const saveCapacity = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.set("capacity", capacity.trim());
      const saved = await api.put<FeedPost>(`/api/posts/${post.id}`, { multipart: form });
      onPatch(post.id, {
        capacity: saved.capacity,
        going_count: saved.going_count,
        waitlist_count: saved.waitlist_count,
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : t.rsvpFailed);
    } finally {
      setBusy(false);
    }
  };

  const going = post.my_rsvp === "going" || post.my_rsvp === "waitlisted";
  const over = post.capacity !== null && post.going_count > post.capacity;
  return (
    <section className={`event-rsvp${compact ? " event-rsvp--compact" : ""}`} data-testid="event-rsvp">
      <p className="event-rsvp__count" data-testid="going-count" aria-live="polite">
        <Users aria-hidden="true" size={16} />
        {goingText(post)}
      </p>
      {post.my_rsvp === "going" ? <p className="event-rsvp__state">{t.youAreGoing}</p> : null}
      {post.my_rsvp === "waitlisted" ? (
        <p className="event-rsvp__state" data-testid="waitlist-state">
          {position ? format(t.waitlistPosition, { position }) : t.waitlisted}
        </p>
      ) : null}
      {over && post.can_edit ? (
        <p className="event-rsvp__note">
          {format(t.overCapacity, { count: post.going_count, capacity: post.capacity ?? 0 })}
        </p>
      ) : null}
      <div className="event-rsvp__actions">
        {token && upcoming ? (
          <fieldset className="event-rsvp__choice" disabled={busy}>
            <legend className="visually-hidden">{t.going}</legend>
            <button
              type="button"
              className="button button--small event-rsvp__button"
              aria-pressed={going}
              onClick={() => answer("going")}
              data-testid="rsvp-going"
            >
              <Check aria-hidden="true" size={16} />
              {t.going}
            </button>
            <button
              type="button"
              className="button button--small event-rsvp__button"
              aria-pressed={post.my_rsvp === "not_going"}
              onClick={() => answer("not_going")}
              data-testid="rsvp-not-going"
            >
              <X aria-hidden="true" size={16} />
              {t.notGoing}
            </button>
          </fieldset>
        ) : null}
        <a
          className="button button--secondary button--small"
          href={`/api/posts/${post.id}/event.ics`}
          download={`event-${post.id}.ics`}
          data-testid="add-to-calendar"
        >
          <CalendarPlus aria-hidden="true" size={16} />
          {t.addToCalendar}
        </a>
        {token && !compact ? <CheckInLink post={post} /> : null}
        {post.can_check_in && token ? (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-expanded={showList}
            onClick={toggleList}
            data-testid="show-attendees"
          >
            {showList ? t.hideAttendees : t.showAttendees}
          </button>
        ) : null}
      </div>
      {post.can_edit && token && !compact ? (
        <form className="event-rsvp__capacity" onSubmit={saveCapacity}>
          <label htmlFor={`capacity-${post.id}`}>{t.capacityLabel}</label>
          <input
            id={`capacity-${post.id}`}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={100000}
            step={1}
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
            data-testid="capacity-input"
          />
          <button type="submit" className="button button--secondary button--small" disabled={busy}>
            {t.saveCapacity}
          </button>
        </form>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {showList && attendees ? (
        <div className="event-rsvp__list" data-testid="attendee-list">
          <h3>{t.attendees}</h3>
          {attendees.going.length === 0 ? <p>{t.noAttendees}</p> : null}
          <ul>
            {attendees.going.map((person) => (
              <li key={person.id}>{personName(person)}</li>
            ))}
          </ul>
          {attendees.waitlist.length > 0 ? (
            <>
              <h3>{t.attendeesWaitlist}</h3>
              <ol>
                {attendees.waitlist.map((person) => (
                  <li key={person.id}>{personName(person)}</li>
                ))}
              </ol>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
