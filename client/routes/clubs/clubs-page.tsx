import { getRouteApi, Link } from "@tanstack/react-router";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { format, m } from "../../../common/messages";
import { ClubCard } from "../../components/club-card";
import { Alert } from "../../components/form";
import { useSession } from "../../components/session-provider";
import { SuggestedClubs } from "../../components/suggested-clubs";
import { DefaultRegion } from "../../lib/home-region";
import { regionForApi } from "../../lib/region-filter";
import { hasRole } from "../../lib/session";
import { ClubFilters } from "./-components/club-filters";
import { NoClubsYet } from "./-components/no-clubs-yet";
import { SUGGESTIONS_ABOVE_LIST } from "./-lib/prefetch-signed-in";
import { type ClubsSearch, carryAppliedList } from "./route";

const route = getRouteApi("/clubs");
const t = m.clubsPage;

export function ClubsPage() {
  const loaded = route.useLoaderData();
  const { clubs, error, tags, page, pages, total, appliedRegion } = loaded;
  const urlSearch = route.useSearch();
  // A list the server rendered in the person's home region shows that region as chosen.
  const search =
    appliedRegion && urlSearch.region === undefined ? { ...urlSearch, region: appliedRegion } : urlSearch;
  const navigate = route.useNavigate();
  const { user } = useSession();
  const filtered = !!(search.q || search.tag || regionForApi(search.region));

  return (
    <div className="page clubs-page">
      <div className="page__header">
        <div>
          <h1 className="page__title">{t.title}</h1>
          <p className="page__intro">{t.intro}</p>
        </div>
        {hasRole(user, ["owner", "admin"]) ? (
          <Link to="/clubs/new" className="button button--primary">
            {t.createClub}
          </Link>
        ) : null}
      </div>

      {user ? (
        <DefaultRegion
          // The URL's own: a region the server applied is put in the URL too, as the browser would.
          region={urlSearch.region}
          apply={(home) => {
            // The list on screen is already this region's (the server applied it): no second load.
            if (home === appliedRegion && page === 1) {
              carryAppliedList({ q: search.q, tag: search.tag, region: home, page: 1 }, loaded);
            }
            return navigate({
              search: (prev) => ({ ...prev, region: home, page: undefined }),
              replace: true,
            });
          }}
        />
      ) : null}
      <ClubFilters
        search={search}
        tags={tags}
        // A new search starts again at page 1.
        // The search field is re-created for the new query (its key): keep the searcher's place in it.
        onSearch={(q) =>
          void navigate({ search: (prev) => ({ ...prev, q: q || undefined, page: undefined }) }).then(() =>
            document.getElementById("club-search")?.focus(),
          )
        }
      />

      {/* Above the list (issue 50: under 20 cards and the pager it was nine screens down). */}
      {user && !search.q && !search.tag && page === 1 ? (
        <SuggestedClubs limit={SUGGESTIONS_ABOVE_LIST} hideWhenEmpty />
      ) : null}

      {error ? (
        <Alert>{format(m.shellCommon.errorPrefix, { message: error })}</Alert>
      ) : clubs.length === 0 && !filtered ? (
        <NoClubsYet />
      ) : clubs.length === 0 ? (
        <div className="empty-state">
          <p>{t.noClubs}</p>
          {filtered ? (
            <Link to="/clubs" className="button button--secondary">
              {t.clearFilter}
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {format(t.resultCount, { count: total })}
          </p>
          <ul className="card-grid">
            {clubs.map((club, i) => (
              <li key={club.id}>
                <ClubCard club={club} eager={i < 2} level={2} />
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} search={search} />
        </>
      )}
    </div>
  );
}

/** Plain links, so paging works without JavaScript; the filters stay, page 1 has no `?page=`. */
function Pager({ page, pages, search }: { page: number; pages: number; search: ClubsSearch }) {
  const p = m.paging;
  if (pages <= 1) return null;
  const at = (n: number) => ({ ...search, page: n > 1 ? n : undefined });
  return (
    <nav className="pager" aria-label={p.label}>
      {page > 1 ? (
        <Link to="/clubs" search={at(page - 1)} className="button button--secondary pager__link" rel="prev">
          <ChevronLeft aria-hidden="true" size={18} />
          {p.previous}
        </Link>
      ) : (
        <span className="pager__spacer" />
      )}
      <p className="pager__status">{format(p.pageOf, { page, pages })}</p>
      {page < pages ? (
        <Link to="/clubs" search={at(page + 1)} className="button button--secondary pager__link" rel="next">
          {p.next}
          <ChevronRight aria-hidden="true" size={18} />
        </Link>
      ) : (
        <span className="pager__spacer" />
      )}
    </nav>
  );
}
