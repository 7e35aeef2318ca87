import { type KeyboardEvent, useRef } from "react";

/** `badgeLabel` says what `badge` counts ("3 join requests to answer"): read aloud and a tooltip. */
export type TabItem<K extends string> = { key: K; label: string; badge?: number; badgeLabel?: string };

/**
 * ARIA tabs as buttons: the selected tab is the one tab stop; arrow keys, Home and End move
 * between tabs and select them. The panel is rendered by the caller with
 * `role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${active}`}`.
 */
export function TabList<K extends string>({
  tabs,
  active,
  onSelect,
  label,
  idPrefix,
}: {
  tabs: TabItem<K>[];
  active: K;
  onSelect: (key: K) => void;
  label: string;
  idPrefix: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    refs.current[next]?.focus();
    onSelect(tab.key);
  };
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((tab, index) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.key}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={selected ? 0 : -1}
            className="tab tab--button"
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
            {tab.badge && tab.badge > 0 ? (
              <span
                className="tab__count"
                title={tab.badgeLabel}
                data-testid={`${idPrefix}-tab-${tab.key}-count`}
              >
                <span aria-hidden={tab.badgeLabel ? "true" : undefined}>{tab.badge}</span>
                {tab.badgeLabel ? <span className="visually-hidden">{tab.badgeLabel}</span> : null}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
