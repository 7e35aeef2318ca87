import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import type { TagCount } from "../../../../common/api/clubs";
import { REGIONS } from "../../../../common/enums";
import type { EventWhen } from "../../../../common/event-dates";
import { m } from "../../../../common/messages";
import { ALL_REGIONS, parseRegionFilter } from "../../../lib/region-filter";
import type { EventsSearch } from "../route";

const exactSearch = { includeSearch: true, explicitUndefined: true } as const;

/**
 * The date presets as plain links, then region and tag as a plain GET form (hidden fields keep
 * the preset and the club), so every filter works without JavaScript; with it, the router
 * navigates without a reload, and a region or tag applies as soon as it is picked, so a chip
 * chosen next keeps it (issue 50: León then "Este fin de semana" lost León while León sat unsent
 * in the form). Any new filter starts again at the soonest events (no cursor).
 */
/**
 * An uncontrolled select that follows the URL when it changes from elsewhere (a chip removed,
 * Back). Not remounted by a `key`: a remount on each pick took the keyboard's focus away, so a
 * second arrow key went nowhere (a keyboard user stepping from "Todas" to León lost it at Managua).
 */
function useFollowedValue(value: string) {
  const ref = useRef<HTMLSelectElement>(null);
  const followed = useRef(value);
  useEffect(() => {
    // Only a change of the URL: at hydration the select keeps what was picked before the app ran.
    if (followed.current === value) return;
    followed.current = value;
    if (ref.current && ref.current.value !== value) ref.current.value = value;
  }, [value]);
  return ref;
}

export function EventFilters({ search, tags }: { search: EventsSearch; tags: TagCount[] }) {
  const t = m.events;
  const navigate = useNavigate();
  const regionRef = useFollowedValue(search.region ?? ALL_REGIONS);
  const tagRef = useFollowedValue(search.tag ?? "");
  const formRef = useRef<HTMLFormElement>(null);
  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const region = parseRegionFilter(data.get("region") || ALL_REGIONS);
    const tag = String(data.get("tag") ?? "") || undefined;
    void navigate({ to: "/events", search: { ...search, region, tag, cursor: undefined } });
  };
  // A region or tag picked on the server's page before the app ran (a slow phone) applies now,
  // as it would have a moment later, instead of being put back to the URL's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const picked = [String(data.get("region") ?? ""), String(data.get("tag") ?? "")];
    if (picked[0] !== (search.region ?? ALL_REGIONS) || picked[1] !== (search.tag ?? "")) apply(form);
  }, []);
  const whens: [EventWhen | undefined, string][] = [
    [undefined, t.whenAny],
    ["today", t.whenToday],
    ["weekend", t.whenWeekend],
    ["month", t.whenMonth],
  ];
  return (
    <search className="event-filters" aria-label={t.filtersTitle}>
      <nav aria-label={t.filterWhen}>
        <ul className="chips">
          {whens.map(([when, label]) => (
            <li key={label}>
              <Link
                to="/events"
                search={{ ...search, when, cursor: undefined }}
                activeOptions={exactSearch}
                className="chip-link"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form
        ref={formRef}
        className="event-filters__form"
        method="get"
        action="/events"
        onSubmit={(event) => {
          event.preventDefault();
          apply(event.currentTarget);
        }}
        onChange={(event) => apply(event.currentTarget)}
      >
        {search.when ? <input type="hidden" name="when" value={search.when} /> : null}
        {search.club ? <input type="hidden" name="club" value={search.club} /> : null}
        <div className="field event-filters__field">
          <label htmlFor="events-region" className="field__label">
            {t.filterRegion}
          </label>
          <select
            id="events-region"
            name="region"
            className="input"
            defaultValue={search.region ?? ALL_REGIONS}
            ref={regionRef}
          >
            <option value={ALL_REGIONS}>{t.regionAny}</option>
            {REGIONS.map((region) => (
              <option key={region} value={region}>
                {region}
              </option>
            ))}
          </select>
        </div>
        <div className="field event-filters__field">
          <label htmlFor="events-tag" className="field__label">
            {t.filterTag}
          </label>
          <select id="events-tag" name="tag" className="input" defaultValue={search.tag ?? ""} ref={tagRef}>
            <option value="">{t.tagAny}</option>
            {search.tag && !tags.some(({ tag }) => tag === search.tag) ? (
              <option value={search.tag}>{search.tag}</option>
            ) : null}
            {tags.map(({ tag }) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary event-filters__apply">
          {t.filterApply}
        </button>
      </form>
    </search>
  );
}
