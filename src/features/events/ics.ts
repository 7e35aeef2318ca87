/**
 * iCalendar (RFC 5545) files for events. Times are written in the America/Managua zone with its
 * VTIMEZONE (UTC-6, no daylight saving since 2006), so calendar apps show the club's local time
 * wherever the phone is. Lines are folded at 75 octets and text is escaped as section 3.3.11 says.
 */
export const EVENT_ZONE = "America/Managua";
/** Events have a start only; calendars need an end, so an event is shown as two hours long. */
const EVENT_DURATION_MS = 2 * 60 * 60 * 1000;

export type IcsEvent = {
  uid: string;
  start: Date;
  title: string;
  description: string | null;
  location: string | null;
  url: string | null;
  updatedAt: Date;
};

const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${EVENT_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0600",
  "TZNAME:CST",
  "END:STANDARD",
  "END:VTIMEZONE",
];

const localParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: EVENT_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** 20261205T183000: the wall-clock time in Managua. */
function managuaLocal(date: Date): string {
  const parts = Object.fromEntries(localParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

function utcStamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a content line into 75-octet pieces (continuations start with a space), never inside a UTF-8 character. */
function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const pieces: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = pieces.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      pieces.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  pieces.push(current);
  return pieces.join("\r\n ");
}

function eventLines(event: IcsEvent, now: Date): string[] {
  const end = new Date(event.start.getTime() + EVENT_DURATION_MS);
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
    `DTSTART;TZID=${EVENT_ZONE}:${managuaLocal(event.start)}`,
    `DTEND;TZID=${EVENT_ZONE}:${managuaLocal(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    "END:VEVENT",
  ];
}

/** A whole VCALENDAR with the given events; `name` is what calendar apps call the subscription. */
export function renderCalendar({
  name,
  events,
  now = new Date(),
}: {
  name: string;
  events: IcsEvent[];
  now?: Date;
}): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//ClubNica//Events//ES",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${EVENT_ZONE}`,
    ...VTIMEZONE,
    ...events.flatMap((event) => eventLines(event, now)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
