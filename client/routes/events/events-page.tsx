import { getRouteApi, Link } from "@tanstack/react-router";
import ChevronRight from "lucide-react/icons/chevron-right";
import { formatDayMonth } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { Alert } from "../../components/form";
import { useSession } from "../../components/session-provider";
import { homeRegionPart } from "../../lib/home-region-part";
import { LazyPart } from "../../lib/lazy-parts";
import { regionForApi } from "../../lib/region-filter";
import { EventFilters } from "./-components/event-filters";
import { EventList } from "./-components/event-list";

const route = getRouteApi("/events");
const t = m.events;
const exactSearch = { includeSearch: true, explicitUndefined: true } as const;

export function EventsPage() {
  const { events, forYou, nextCursor, nextDate, error, tags, clubName } = route.useLoaderData();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const region = regionForApi(search.region);
  const filtered = !!(search.when || region || search.tag);
  const { user, ready } = useSession();

  return (
    <div className="page events-page">
      <div className="page__header">
        <div>
          <h1 className="page__title">{t.pageTitle}</h1>
          <p className="page__intro">
            {search.club && clubName ? format(t.clubPageIntro, { club: clubName }) : t.pageIntro}
          </p>
          {search.club ? (
            <Link to="/events" search={{ ...search, club: undefined, cursor: undefined }}>
              {t.allClubs}
            </Link>
          ) : null}
        </div>
      </div>

      {/* Draws nothing: it loads after hydrating, with the query cache it reads. */}
      {user && ready ? (
        <LazyPart parts={homeRegionPart}>
          {({ DefaultRegion }) => (
            <DefaultRegion
              region={search.region}
              apply={(home) =>
                navigate({ search: (prev) => ({ ...prev, region: home, cursor: undefined }), replace: true })
              }
            />
          )}
        </LazyPart>
      ) : null}
      <EventFilters search={search} tags={tags} />

      {forYou.length > 0 && !search.cursor ? (
        <section className="events-page__for-you" aria-labelledby="events-for-you">
          <h2 className="events-page__section" id="events-for-you">
            {t.forYouTitle}
          </h2>
          <p className="page__intro">{t.forYouIntro}</p>
          <EventList events={forYou} label={t.forYouTitle} />
        </section>
      ) : null}

      <h2 className="visually-hidden">{t.pageTitle}</h2>
      {error ? (
        <Alert>{format(m.shellCommon.errorPrefix, { message: error })}</Alert>
      ) : events.length === 0 ? (
        <div className="empty-state">
          <p>{t.listEmpty}</p>
          {nextDate ? (
            <>
              <p data-testid="next-event-date">
                {region
                  ? format(t.nextMatchIn, { region, date: formatDayMonth(nextDate) })
                  : format(t.nextMatch, { date: formatDayMonth(nextDate) })}
              </p>
              <Link to="/events" search={{ ...search, when: undefined, cursor: undefined }}>
                {t.nextMatchShow}
              </Link>
            </>
          ) : null}
          {filtered ? (
            <Link
              to="/events"
              search={{ club: search.club }}
              activeOptions={exactSearch}
              className="button button--secondary"
            >
              {t.filterClear}
            </Link>
          ) : null}
        </div>
      ) : (
        <EventList events={events} label={t.pageTitle} />
      )}

      {/* Plain links, so paging works without JavaScript: the filters stay, the cursor moves on. */}
      <nav className="pager" aria-label={m.paging.label}>
        {search.cursor ? (
          <Link
            to="/events"
            search={{ ...search, cursor: undefined }}
            className="button button--secondary pager__link"
          >
            {t.firstPage}
          </Link>
        ) : (
          <span className="pager__spacer" />
        )}
        {nextCursor ? (
          <Link
            to="/events"
            search={{ ...search, cursor: nextCursor }}
            className="button button--secondary pager__link"
            rel="next"
          >
            {t.nextPage}
            <ChevronRight aria-hidden="true" size={18} />
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
