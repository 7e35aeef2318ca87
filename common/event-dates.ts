/**
 * The date presets of /events ("Hoy", "Este fin de semana", "Este mes") as instants. They are
 * days on Managua's calendar, not the server's or the reader's: Nicaragua keeps UTC-6 all year,
 * so a Managua day starts at 06:00 UTC.
 */
export const EVENT_WHENS = ["today", "weekend", "month"] as const;
export type EventWhen = (typeof EVENT_WHENS)[number];

/**
 * A keyset position of /api/events/upcoming: the last event's start (epoch microseconds) and id,
 * "1764338400000123.42". Kept here, not in common/api/events.ts, so the browser's /events route
 * checks `?cursor=` without bundling that file's zod schemas.
 */
export const EVENT_CURSOR = /^\d{1,17}\.\d{1,10}$/;

const DAY_MS = 86_400_000;
const OFFSET_MS = 6 * 3_600_000;

/** Midnight (as an instant) of the Managua day `days` after the one holding `at`. */
function managuaMidnight(at: Date, days = 0): Date {
  const local = at.getTime() - OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + days * DAY_MS + OFFSET_MS);
}

/** 0 = Sunday … 6 = Saturday, on Managua's calendar. */
function managuaWeekday(at: Date): number {
  return new Date(at.getTime() - OFFSET_MS).getUTCDay();
}

/**
 * The window [from, to) a preset covers, never starting before `now` (past events are gone):
 * today until midnight; the weekend is Saturday and Sunday (this one while it lasts, else the
 * next); the month runs to the first of the next month.
 */
export function eventWindow(when: EventWhen | undefined, now: Date): { from: Date; to: Date | null } {
  if (!when) return { from: now, to: null };
  if (when === "today") return { from: now, to: managuaMidnight(now, 1) };
  if (when === "weekend") {
    const weekday = managuaWeekday(now);
    const toSaturday = weekday === 0 ? -1 : 6 - weekday;
    const saturday = managuaMidnight(now, toSaturday);
    const from = saturday.getTime() > now.getTime() ? saturday : now;
    return { from, to: new Date(saturday.getTime() + 2 * DAY_MS) };
  }
  const local = new Date(now.getTime() - OFFSET_MS);
  const nextMonth = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) + OFFSET_MS;
  return { from: now, to: new Date(nextMonth) };
}
