const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The ISO 8601 week of `date` in UTC, such as "2026-W48": the key of "one digest per person per
 * week". Weeks start on Monday; week 1 holds the year's first Thursday.
 */
export function isoWeekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = (day.getUTCDay() + 6) % 7;
  const thursday = new Date(day.getTime() + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstMonday = firstThursday.getTime() - ((firstThursday.getUTCDay() + 6) % 7) * DAY_MS;
  const week = 1 + Math.floor((thursday.getTime() - firstMonday) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, "0")}`;
}
