import { Link, useRouterState } from "@tanstack/react-router";
import Search from "lucide-react/icons/search";
import SlidersHorizontal from "lucide-react/icons/sliders-horizontal";
import X from "lucide-react/icons/x";
import { useEffect, useRef } from "react";
import type { TagCount } from "../../../../common/api/clubs";
import { REGIONS } from "../../../../common/enums";
import { format, m } from "../../../../common/messages";
import { useSession } from "../../../components/session-provider";
import { ALL_REGIONS, regionForApi } from "../../../lib/region-filter";
import type { ClubsSearch } from "../route";

const exactSearch = { includeSearch: true, explicitUndefined: true } as const;
/** The most-used tags show when the filters open; the rest fold into "More tags". */
const VISIBLE_TAGS = 8;

/**
 * One compact row above the clubs: the search box and a Filters disclosure holding region and
 * tags, so the clubs come first on a phone. The search is a plain GET form and every filter a
 * plain link, so all of it works before (or without) JavaScript; with it, the router handles
 * them without a reload and the disclosure closes after each choice. The filters in force show
 * as chips under the row, each a link that removes it.
 */
export function ClubFilters({
  search,
  tags,
  onSearch,
}: {
  search: ClubsSearch;
  tags: TagCount[];
  onSearch: (q: string) => void;
}) {
  const t = m.clubsPage;
  const f = m.screens.clubFilters;
  const disclosure = useRef<HTMLDetailsElement>(null);
  const location = useRouterState({ select: (state) => state.location.href });
  // A choice made (a new URL): fold the filters away so the clubs show again. Only on a change:
  // on a slow phone the filters may have been opened before the page ran, and hydrating must
  // not snap them shut under the student's finger.
  const shownLocation = useRef(location);
  useEffect(() => {
    if (shownLocation.current === location) return;
    shownLocation.current = location;
    if (disclosure.current) disclosure.current.open = false;
  }, [location]);

  const anyRegion = useAnyRegion();
  const active = [regionForApi(search.region), search.tag].filter(Boolean).length;
  // Choosing a filter starts again at page 1; the filter already chosen keeps the page.
  const link = (next: Partial<ClubsSearch>, label: string, key: string) => {
    const same = Object.entries(next).every(([k, v]) => search[k as keyof ClubsSearch] === v);
    return (
      <Link
        key={key}
        to="/clubs"
        search={{ ...search, ...next, page: same ? search.page : undefined }}
        activeOptions={exactSearch}
        className="chip-link"
      >
        {label}
      </Link>
    );
  };

  return (
    <search className="club-filters">
      <div className="club-filters__row">
        <form
          className="search-bar"
          method="get"
          action="/clubs"
          onSubmit={(event) => {
            event.preventDefault();
            onSearch(String(new FormData(event.currentTarget).get("q") ?? "").trim());
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
          {search.region ? <input type="hidden" name="region" value={search.region} /> : null}
          <button type="submit" className="button button--primary search-bar__button">
            <Search aria-hidden="true" size={18} />
            <span className="search-bar__label">{t.search}</span>
          </button>
        </form>
        <details className="club-filters__more" ref={disclosure}>
          <summary className="button button--secondary club-filters__toggle">
            <SlidersHorizontal aria-hidden="true" size={18} />
            {active ? format(f.filtersActive, { count: active }) : f.filters}
          </summary>
          <div className="club-filters__panel">
            <nav aria-label={f.filterRegion} className="club-filters__group">
              <h2 className="club-filters__title">{f.region}</h2>
              <ul className="chips">
                <li>{link({ region: anyRegion }, f.allRegions, "all")}</li>
                {REGIONS.map((region) => (
                  <li key={region}>{link({ region }, region, region)}</li>
                ))}
              </ul>
            </nav>
            {tags.length ? (
              <nav aria-label={t.filterTags} className="tag-filter club-filters__group">
                <h2 className="club-filters__title">{f.tags}</h2>
                <ul className="chips">
                  <li>{link({ tag: undefined }, t.allTags, "all")}</li>
                  {tags.slice(0, VISIBLE_TAGS).map(({ tag }) => (
                    <li key={tag}>{link({ tag }, tag, tag)}</li>
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
                        <li key={tag}>{link({ tag }, tag, tag)}</li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </nav>
            ) : null}
          </div>
        </details>
      </div>
      <ActiveFilters search={search} />
    </search>
  );
}

/**
 * "Every region" in the URL: for a signed-in person "all", so their own region is not put back
 * (DefaultRegion); for a guest no region at all, the plain /clubs.
 */
function useAnyRegion() {
  const { user } = useSession();
  return user ? ALL_REGIONS : undefined;
}

/** The filters in force, each a chip that removes it (the search words, the region, the tag). */
function ActiveFilters({ search }: { search: ClubsSearch }) {
  const f = m.screens.clubFilters;
  const anyRegion = useAnyRegion();
  const chips = (
    [
      ["q", search.q],
      ["region", regionForApi(search.region)],
      ["tag", search.tag],
    ] as const
  ).filter(([, value]) => value);
  if (!chips.length) return null;
  return (
    <ul className="chips club-filters__active" aria-label={f.active}>
      {chips.map(([key, value]) => (
        <li key={key}>
          <Link
            to="/clubs"
            search={{ ...search, [key]: key === "region" ? anyRegion : undefined, page: undefined }}
            className="chip-link chip-link--active"
            aria-label={format(f.removeFilter, { name: value ?? "" })}
          >
            {value}
            <X aria-hidden="true" size={14} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
