import { getRouteApi, Link } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import CalendarDays from "lucide-react/icons/calendar-days";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import MapPin from "lucide-react/icons/map-pin";
import { useCallback, useMemo, useRef, useState } from "react";
import type { FeedPost } from "../../../common/api/posts";
import { formatDayHeading, formatMonth, formatTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { Alert } from "../../components/form";
import { PostComposer } from "../../components/post/post-composer";
import { PostModal, type PostPatch } from "../../components/post/post-modal";
import { postHeading } from "../../components/post/post-utils";
import { useSession } from "../../components/session-provider";
import { useResource } from "../../lib/use-resource";
import {
  addMonths,
  currentMonth,
  groupByDay,
  monthKey,
  monthOf,
  monthRange,
  parseMonth,
} from "./-lib/calendar-utils";

const t = m.calendar;
const route = getRouteApi("/authed/clubs/$clubId/calendar");

export function ClubCalendarPage() {
  const { club, error: clubError } = route.useLoaderData();
  const { clubId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { user } = useSession();
  const month = useMemo(() => parseMonth(search.month) ?? currentMonth(), [search.month]);
  const [openId, setOpenId] = useState<number | null>(null);
  const pending = useRef(new Set<number>()).current;
  const { from, to } = monthRange(month);
  const monthEvents = useResource(["clubs", clubId, "events", from, to], (a) =>
    a.get<FeedPost[]>(
      `/api/clubs/${clubId}/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    ),
  );
  const events = monthEvents.data;
  const setEvents = monthEvents.setData;
  const error = monthEvents.error ? t.failed : null;
  const load = monthEvents.reload;

  const patch = useCallback(
    (id: number, change: PostPatch) => {
      setEvents((list) =>
        list
          ? list.map((p) =>
              p.id === id ? { ...p, ...(typeof change === "function" ? change(p) : change) } : p,
            )
          : list,
      );
    },
    [setEvents],
  );
  const close = useCallback(() => setOpenId(null), []);

  if (!club) {
    return (
      <div className="page">
        <div className="empty-state">
          <p>{clubError ? format(m.shellCommon.errorPrefix, { message: clubError }) : m.clubPage.notFound}</p>
          <Link to="/clubs" className="button button--secondary">
            {m.clubPage.backToClubs}
          </Link>
        </div>
      </div>
    );
  }

  // Officers with `post` add events here too (the API's my_permissions).
  const canEdit =
    user?.role === "admin" || club.can_edit === true || (club.my_permissions ?? []).includes("post");
  const go = (delta: number) =>
    navigate({ search: { month: monthKey(addMonths(month, delta)) }, replace: true, resetScroll: false });
  const label = formatMonth(month.year, month.month);
  const groups = events ? groupByDay(events) : [];
  const openEvent = events?.find((e) => e.id === openId) ?? null;

  return (
    <div className="page calendar-page">
      <Link to="/clubs/$clubId" params={{ clubId }} className="back-link">
        <ArrowLeft aria-hidden="true" size={16} />
        {t.back}
      </Link>
      <h1 className="page__title">{format(t.title, { name: club.name })}</h1>
      <p className="page__intro">{t.intro}</p>

      <div className="calendar-nav">
        <button type="button" className="icon-button" aria-label={t.previous} onClick={() => go(-1)}>
          <ChevronLeft aria-hidden="true" size={20} />
        </button>
        <h2 className="calendar-nav__month" aria-live="polite" data-testid="calendar-month">
          {label}
        </h2>
        <button type="button" className="icon-button" aria-label={t.next} onClick={() => go(1)}>
          <ChevronRight aria-hidden="true" size={20} />
        </button>
      </div>

      {error ? (
        <Alert>
          {error}{" "}
          <button type="button" className="button button--secondary button--small" onClick={load}>
            {m.postView.retry}
          </button>
        </Alert>
      ) : events === null ? (
        <div aria-busy="true" className="calendar-list">
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line" />
        </div>
      ) : groups.length === 0 ? (
        <div className="empty-state" data-testid="calendar-empty">
          <p>{t.empty}</p>
          <p>{t.emptyHint}</p>
          <button type="button" className="button button--secondary" onClick={() => go(1)}>
            {t.next}
          </button>
        </div>
      ) : (
        <ol className="calendar-list" data-testid="calendar-list">
          {groups.map((group) => (
            <li key={group.day} className="calendar-day">
              <h3 className="calendar-day__date">
                <CalendarDays aria-hidden="true" size={18} />
                <time dateTime={group.day}>{formatDayHeading(group.date)}</time>
              </h3>
              <ul className="calendar-day__events">
                {group.events.map((event) => (
                  <li key={event.id}>
                    <button
                      type="button"
                      className="calendar-event"
                      onClick={() => setOpenId(event.id)}
                      data-testid="calendar-event"
                    >
                      <span className="calendar-event__time">{formatTime(event.event_date)}</span>
                      <span className="calendar-event__title">{postHeading(event)}</span>
                      {event.event_location ? (
                        <span className="calendar-event__place">
                          <MapPin aria-hidden="true" size={14} />
                          {event.event_location}
                        </span>
                      ) : null}
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}

      {canEdit ? (
        <PostComposer
          clubId={club.id}
          mode="event"
          onCreated={(post) => {
            const target = post.event_date ? monthOf(post.event_date) : null;
            if (target && monthKey(target) !== monthKey(month)) {
              void navigate({ search: { month: monthKey(target) }, replace: true, resetScroll: false });
            } else {
              void load();
            }
          }}
        />
      ) : null}

      {openEvent ? (
        <PostModal
          post={openEvent}
          isAdmin={user?.role === "admin"}
          pending={pending}
          onPatch={patch}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
