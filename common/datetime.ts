import { currentLocale, type Locale } from "./messages";

/**
 * The one way ClubNica shows time: every date in Managua's time, in the reader's language, one
 * style per kind of date. Used by the screens (server-rendered and in the browser) and by the
 * server's messages (ban and mute ends), so the same instant reads the same everywhere.
 */
export const TIME_ZONE = "America/Managua";

/** Nicaragua keeps UTC-6 all year (no daylight saving since 2006). */
const MANAGUA_OFFSET = "-06:00";
const MANAGUA_OFFSET_MS = -6 * 3600 * 1000;

const TAGS: Record<Locale, string> = { es: "es-NI", en: "en-US" };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(TAGS[locale], { timeZone: TIME_ZONE, ...options });
    formatters.set(key, cached);
  }
  return cached;
}

// ICU versions differ on spaces ("3:45 PM" with U+202F or U+0020): the server and the browser
// must print the same text, or hydration breaks.
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function formatWith(
  value: string | Date | null | undefined,
  options: Intl.DateTimeFormatOptions,
  locale: Locale,
): string {
  const date = toDate(value);
  return date ? plainSpaces(formatter(locale, options).format(date)) : "";
}

/** A moment: "23 nov 2026, 3:45 p. m." / "Nov 23, 2026, 3:45 PM" (events, comments, ban ends). */
export function formatDateTime(value: string | Date | null | undefined, locale = currentLocale()): string {
  return formatWith(value, { dateStyle: "medium", timeStyle: "short" }, locale);
}

/** A day: "23 nov 2026" / "Nov 23, 2026" (when something was posted, asked or created). */
export function formatDate(value: string | Date | null | undefined, locale = currentLocale()): string {
  return formatWith(value, { dateStyle: "medium" }, locale);
}

/** A day and month, for a date soon: "1 dic" / "Dec 1" (the next matching event). */
export function formatDayMonth(value: string | Date | null | undefined, locale = currentLocale()): string {
  return formatWith(value, { day: "numeric", month: "short" }, locale);
}

/** A time of day: "3:45 p. m." / "3:45 PM". */
export function formatTime(value: string | Date | null | undefined, locale = currentLocale()): string {
  return formatWith(value, { timeStyle: "short" }, locale);
}

/**
 * A heading starts with a capital and nothing else changes: "Noviembre de 2026", never the
 * "Noviembre De 2026" of CSS text-transform (Spanish keeps months and weekdays lower-case).
 */
function capitalizeFirst(text: string, locale: Locale): string {
  return text.charAt(0).toLocaleUpperCase(TAGS[locale]) + text.slice(1);
}

/** A calendar day heading: "Lunes, 23 de noviembre" / "Monday, November 23". */
export function formatDayHeading(value: string | Date | null | undefined, locale = currentLocale()): string {
  return capitalizeFirst(
    formatWith(value, { weekday: "long", day: "numeric", month: "long" }, locale),
    locale,
  );
}

/** A month heading: "Noviembre de 2026" / "November 2026". */
export function formatMonth(year: number, month: number, locale = currentLocale()): string {
  return capitalizeFirst(
    formatWith(managuaMidnight(year, month, 1), { month: "long", year: "numeric" }, locale),
    locale,
  );
}

/** The Managua calendar day of an instant, "2026-11-23". */
export function managuaDay(value: string | Date): string {
  const date = toDate(value);
  if (!date) return "";
  return new Date(date.getTime() + MANAGUA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * An instant as ISO 8601 in Managua's time with its offset, "2026-11-28T01:04:05-06:00": what a
 * file meant for people (CSV exports) writes, so a spreadsheet shows the club's own clock.
 */
export function managuaIso(value: string | Date): string {
  const date = toDate(value);
  if (!date) return "";
  return `${new Date(date.getTime() + MANAGUA_OFFSET_MS).toISOString().slice(0, 19)}${MANAGUA_OFFSET}`;
}

/** Midnight in Managua at the start of that day (month 1-12; day may overflow into the next month). */
export function managuaMidnight(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - MANAGUA_OFFSET_MS);
}

/** Today's year and month in Managua. */
export function managuaMonth(now: Date = new Date()): { year: number; month: number } {
  const [year, month] = managuaDay(now).split("-").map(Number);
  return { year: year ?? 1970, month: month ?? 1 };
}

/**
 * Short times for message lists: the time today, weekday and time within the week, the day this
 * year, the full date before ("3:45 p. m.", "lun 3:45 p. m.", "12 mar", "12 mar 2025").
 */
export function formatShortTime(
  value: string | Date | null | undefined,
  now: Date = new Date(),
  locale = currentLocale(),
): string {
  const date = toDate(value);
  if (!date) return "";
  const day = managuaDay(date);
  if (day === managuaDay(now)) return formatTime(date, locale);
  const ageMs = now.getTime() - date.getTime();
  if (ageMs >= 0 && ageMs < 6 * 24 * 3600 * 1000) {
    return formatWith(date, { weekday: "short", hour: "numeric", minute: "2-digit" }, locale);
  }
  if (day.slice(0, 4) === managuaDay(now).slice(0, 4)) {
    return formatWith(date, { day: "numeric", month: "short" }, locale);
  }
  return formatDate(date, locale);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** How long ago: "hace 5 min", "ayer" / "5 min. ago", "yesterday"; "ahora" / "now" under a minute. */
export function formatRelative(
  value: string | Date | null | undefined,
  now: Date = new Date(),
  locale = currentLocale(),
): string {
  const date = toDate(value);
  if (!date) return "";
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(TAGS[locale], { numeric: "auto", style: "short" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return plainSpaces(rtf.format(Math.trunc(seconds / size), unit));
  }
  return plainSpaces(rtf.format(0, "second"));
}

/** A `datetime-local` value ("2026-03-05T18:30") read as Managua time, as an ISO instant. */
export function managuaInputToIso(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/.exec(value.trim());
  if (!match) return null;
  const date = new Date(`${match[1]}T${match[2]}${match[3] ?? ":00"}${MANAGUA_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
