import type { QuietHours } from "../../../common/api/notification-settings";

/** Quiet hours are read in Nicaragua's time, where every student is (no daylight saving there). */
const QUIET_HOURS_ZONE = "America/Managua";

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: QUIET_HOURS_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Seconds since local midnight in Managua at `now`. */
function localSeconds(now: Date): number {
  const parts = Object.fromEntries(clock.formatToParts(now).map((p) => [p.type, p.value]));
  return Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
}

/**
 * When the quiet hours holding `now` end, or null when `now` is outside them (or they are off).
 * The start is inclusive and the end exclusive; an end before the start runs past midnight.
 */
export function findQuietHoursEnd(quiet: QuietHours | null, now: Date): Date | null {
  if (!quiet) return null;
  const start = minutesOf(quiet.start) * 60;
  const end = minutesOf(quiet.end) * 60;
  const at = localSeconds(now);
  const inside = start < end ? at >= start && at < end : at >= start || at < end;
  if (!inside) return null;
  const untilEnd = (end - at + 86_400) % 86_400;
  const endAt = new Date(now.getTime() + untilEnd * 1000);
  endAt.setUTCMilliseconds(0);
  return endAt;
}
