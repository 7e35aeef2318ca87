/** Ban and mute durations are typed as one "D H M" string (spec section 9): "1 2 30". */
export type Duration = { days: number; hours: number; minutes: number };

/** The server's ceiling for a ban or mute. */
const MAX_DURATION_DAYS = 3650;

export type DurationResult =
  | { ok: true; value: Duration }
  | { ok: false; reason: "format" | "zero" | "tooLong" };

/**
 * Reads "D H M": three whole numbers separated by spaces (a d/h/m suffix on each is allowed,
 * "1d 2h 30m"). Hours and minutes may exceed 23 and 59: they simply add up. The total must be at
 * least one minute and at most 3650 days.
 */
export function parseDuration(input: string): DurationResult {
  const parts = input.trim().split(/\s+/).filter(Boolean);
  if (parts.length !== 3) return { ok: false, reason: "format" };
  const units = ["d", "h", "m"] as const;
  const numbers: number[] = [];
  for (const [i, part] of parts.entries()) {
    const match = /^(\d{1,7})([dhm])?$/i.exec(part);
    if (!match?.[1]) return { ok: false, reason: "format" };
    if (match[2] && match[2].toLowerCase() !== units[i]) return { ok: false, reason: "format" };
    numbers.push(Number(match[1]));
  }
  const [days = 0, hours = 0, minutes = 0] = numbers;
  const totalMinutes = days * 1440 + hours * 60 + minutes;
  if (totalMinutes <= 0) return { ok: false, reason: "zero" };
  if (totalMinutes > MAX_DURATION_DAYS * 1440) return { ok: false, reason: "tooLong" };
  return { ok: true, value: { days, hours, minutes } };
}

/** The query string for PATCH /api/admin/users/{id}/ban or /mute. */
export function durationQuery(kind: "ban" | "mute", value: Duration): string {
  const params = new URLSearchParams({
    [kind]: "true",
    days: String(value.days),
    hours: String(value.hours),
    minutes: String(value.minutes),
  });
  return `?${params.toString()}`;
}
