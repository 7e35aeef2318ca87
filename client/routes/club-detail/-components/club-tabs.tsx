import { Link, useRouter } from "@tanstack/react-router";
import { type KeyboardEvent, useRef } from "react";
import { m } from "../../../../common/messages";
import { CLUB_TABS, type ClubTab } from "../-lib/club-search";

/**
 * The club's tabs as links (`?tab=`), so each works without JavaScript and can be shared; with
 * it they follow the ARIA tabs pattern: arrow keys, Home and End move between tabs.
 */
export function ClubTabs({ clubId, active }: { clubId: string; active: ClubTab }) {
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);
  const router = useRouter();
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const last = CLUB_TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    // The page may re-render while the new tab loads: focus the chosen tab once it has.
    const unsubscribe = router.subscribe("onResolved", () => {
      unsubscribe();
      refs.current[next]?.focus();
    });
    refs.current[next]?.focus();
    refs.current[next]?.click();
  };
  return (
    <div role="tablist" aria-label={m.clubPage.tabsLabel} className="tabs">
      {CLUB_TABS.map((tab, index) => {
        const selected = tab === active;
        return (
          <Link
            key={tab}
            ref={(el) => {
              refs.current[index] = el;
            }}
            to="/clubs/$clubId"
            params={{ clubId }}
            search={tab === "overview" ? {} : { tab }}
            resetScroll={false}
            role="tab"
            id={`club-tab-${tab}`}
            aria-selected={selected}
            aria-controls="club-tabpanel"
            tabIndex={selected ? 0 : -1}
            className="tab"
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {m.clubPage.tabs[tab]}
          </Link>
        );
      })}
    </div>
  );
}
