import { managuaDay, managuaMidnight, managuaMonth } from "../../../../common/datetime";

/** Month arithmetic and grouping for the club calendar, in Managua time (wherever the reader is). */

export type Month = { year: number; month: number }; // month: 1-12

/** "2026-03" -> {2026, 3}; anything else -> null. */
export function parseMonth(value: unknown): Month | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12 || year < 1970 || year > 9999) return null;
  return { year, month };
}

export function monthKey({ year, month }: Month): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}

export function currentMonth(now: Date = new Date()): Month {
  return managuaMonth(now);
}

export function addMonths({ year, month }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month's first Managua midnight and the next month's, as ISO instants for ?from=&to=. */
export function monthRange(value: Month): { from: string; to: string } {
  const next = addMonths(value, 1);
  return {
    from: managuaMidnight(value.year, value.month, 1).toISOString(),
    to: managuaMidnight(next.year, next.month, 1).toISOString(),
  };
}

/** Events grouped by Managua day, days in order, each day's events by time. */
export function groupByDay<T extends { event_date: string | null }>(
  events: readonly T[],
): { day: string; date: Date; events: T[] }[] {
  const groups = new Map<string, { day: string; date: Date; events: T[] }>();
  const dated = events
    .filter((e) => e.event_date && !Number.isNaN(new Date(e.event_date).getTime()))
    .sort((a, b) => new Date(a.event_date!).getTime() - new Date(b.event_date!).getTime());
  for (const event of dated) {
    const date = new Date(event.event_date!);
    const key = managuaDay(date);
    let group = groups.get(key);
    if (!group) {
      group = { day: key, date, events: [] };
      groups.set(key, group);
    }
    group.events.push(event);
  }
  return [...groups.values()];
}

/** The month an ISO instant falls in (Managua time). */
export function monthOf(iso: string): Month | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : currentMonth(date);
}
