/**
 * Short times for message lists: "14:05" today, "Mon 14:05" within the week, "Mar 12" this year,
 * "Mar 12, 2025" before. `now` is injectable for tests.
 */
export function shortTime(iso: string | null | undefined, now: Date = new Date(), locale = "en"): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hour12: false }).format(
    date,
  );
  const sameDay = date.toDateString() === now.toDateString();
  if (sameDay) return time;
  const ageMs = now.getTime() - date.getTime();
  if (ageMs >= 0 && ageMs < 6 * 24 * 3600 * 1000) {
    const day = new Intl.DateTimeFormat(locale, { weekday: "short" }).format(date);
    return `${day} ${time}`;
  }
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    ...(sameYear ? {} : { year: "numeric" }),
  }).format(date);
}

/** Full date and time for a tooltip or `<time>` label. */
export function fullTime(iso: string | null | undefined, locale = "en"): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
