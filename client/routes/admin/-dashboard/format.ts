import { currentLocale, format, m } from "../../../../common/messages";

const t = m.recruitingPage;

/** A Managua calendar day (YYYY-MM-DD) as "1 oct" / "Oct 1"; noon UTC keeps it the same day. */
export function formatShortDay(day: string, locale = currentLocale()) {
  return new Intl.DateTimeFormat(locale === "es" ? "es-NI" : "en-US", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${day}T12:00:00Z`));
}

/** A day with its year, for the range line and tables: "1 oct 2026" / "Oct 1, 2026". */
export function formatLongDay(day: string, locale = currentLocale()) {
  return new Intl.DateTimeFormat(locale === "es" ? "es-NI" : "en-US", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T12:00:00Z`));
}

export function formatCount(n: number, locale = currentLocale()) {
  return new Intl.NumberFormat(locale === "es" ? "es-NI" : "en-US").format(n);
}

/** Seconds as the largest sensible unit: "45 min", "5 h", "3 d" (rounded). */
export function formatWait(seconds: number) {
  if (seconds < 3600) return format(t.minutes, { n: Math.max(1, Math.round(seconds / 60)) });
  if (seconds < 2 * 86_400) return format(t.hours, { n: Math.round(seconds / 360) / 10 });
  return format(t.days, { n: Math.round(seconds / 8640) / 10 });
}
