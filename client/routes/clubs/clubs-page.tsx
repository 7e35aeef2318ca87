import { getRouteApi, Link } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { format, m } from "../../../common/messages";
import { ClubCard } from "../../components/club-card";
import { Alert } from "../../components/form";
import { useSession } from "../../components/session-provider";
import { hasRole } from "../../lib/session";

const route = getRouteApi("/clubs");
const t = m.clubsPage;
const exactSearch = { includeSearch: true, explicitUndefined: true } as const;

/**
 * The search is a plain GET form and the tags are plain links, so filtering works before (or
 * without) JavaScript; with it, the router handles them without a reload.
 */
/** The most-used tags stay in view on a phone; the rest fold into "More tags". */
const VISIBLE_TAGS = 8;

export function ClubsPage() {
  const { clubs, error, tags, page, pages, total } = route.useLoaderData();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { user } = useSession();
  const filtered = !!(search.q || search.tag);
  // The router marks the link of the current filter with aria-current: that one keeps the page;
  // choosing another tag starts again at page 1.
  const tagLink = (tag: string) => (
    <Link
      to="/clubs"
      search={{ q: search.q, tag, page: tag === search.tag ? search.page : undefined }}
      activeOptions={exactSearch}
      className="chip-link"
    >
      {tag}
    </Link>
  );

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

      <search>
        <form
          className="search-bar"
          method="get"
          action="/clubs"
          onSubmit={(event) => {
            event.preventDefault();
            const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
            // A new search starts again at page 1.
            void navigate({ search: (prev) => ({ ...prev, q: q || undefined, page: undefined }) });
          }}
        >
          <label htmlFor="club-search" className="visually-hidden">
            {t.searchLabel}
          </label>
          <input
            id="club-search"
            className="input search-bar__input"
            type="search"
            name="q"
            defaultValue={search.q ?? ""}
            key={search.q ?? ""}
            placeholder={t.searchPlaceholder}
            maxLength={100}
          />
          {search.tag ? <input type="hidden" name="tag" value={search.tag} /> : null}
          <button type="submit" className="button button--primary search-bar__button">
            <Search aria-hidden="true" size={18} />
            <span className="search-bar__label">{t.search}</span>
          </button>
        </form>
      </search>

      {tags.length ? (
        <nav aria-label={t.filterTags} className="tag-filter">
          <ul className="chips">
            <li>
              <Link
                to="/clubs"
                search={{ q: search.q, tag: undefined, page: search.tag ? undefined : search.page }}
                activeOptions={exactSearch}
                className="chip-link"
              >
                {t.allTags}
              </Link>
            </li>
            {tags.slice(0, VISIBLE_TAGS).map(({ tag }) => (
              <li key={tag}>{tagLink(tag)}</li>
            ))}
          </ul>
          {tags.length > VISIBLE_TAGS ? (
            // Native <details>: works without JavaScript and by keyboard; open when the active tag is inside.
            <details
              className="tag-filter__more"
              open={tags.slice(VISIBLE_TAGS).some(({ tag }) => tag === search.tag)}
            >
              <summary className="chip-link">
                {format(t.moreTags, { count: tags.length - VISIBLE_TAGS })}
              </summary>
              <ul className="chips">
                {tags.slice(VISIBLE_TAGS).map(({ tag }) => (
                  <li key={tag}>{tagLink(tag)}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </nav>
      ) : null}

      {error ? (
        <Alert>{format(m.shellCommon.errorPrefix, { message: error })}</Alert>
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
                <ClubCard club={club} eager={i < 2} />
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} q={search.q} tag={search.tag} />
        </>
      )}
    </div>
  );
}

/** Plain links, so paging works without JavaScript; q and tag stay, page 1 has no `?page=`. */
function Pager({ page, pages, q, tag }: { page: number; pages: number; q?: string; tag?: string }) {
  const p = m.paging;
  if (pages <= 1) return null;
  const at = (n: number) => ({ q, tag, page: n > 1 ? n : undefined });
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
