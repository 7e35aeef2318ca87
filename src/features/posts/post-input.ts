import { normalizeInstagramUrl } from "../../../common/instagram";
import { m } from "../../../common/messages";
import { Invalid } from "../../lib/errors";

/** Blank or whitespace-only text is stored as null. */
export function cleanText(value: string | undefined | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function parseInstagramUrl(value: string | undefined | null): string | null {
  const cleaned = cleanText(value);
  if (!cleaned) return null;
  const url = normalizeInstagramUrl(cleaned);
  if (!url) throw Invalid.field(["body", "instagram_url"], m.posts.invalidInstagramUrl);
  return url;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * An event date as ISO 8601: a date ("2026-12-05"), or a date and time with an offset
 * ("2026-12-05T18:30:00-06:00"). A time without an offset (an HTML datetime-local value) is
 * read as UTC; clients should send the offset. Null when blank.
 */
export function parseDate(value: string | undefined | null, loc: string[]): Date | null {
  const cleaned = cleanText(value);
  if (!cleaned) return null;
  const match = ISO_DATE.exec(cleaned);
  if (!match) throw Invalid.field(loc, m.posts.invalidDate);
  const withZone = cleaned.length > 10 && !match[1] ? `${cleaned}Z` : cleaned;
  const date = new Date(withZone.replace(" ", "T"));
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1900 || year > 9999)
    throw Invalid.field(loc, m.posts.invalidDate);
  return date;
}

/** A chosen file: browsers send an empty, nameless file when the input was left empty. */
export function chosenFile(value: Blob | string | undefined): Blob | null {
  return value instanceof Blob && value.size > 0 ? value : null;
}

const MAX_CAPACITY = 100_000;

/** An event's capacity: a whole number of places, or null (no limit) when blank. */
export function parseCapacity(value: string | number | undefined | null): number | null {
  const cleaned = cleanText(value === undefined || value === null ? value : String(value));
  if (!cleaned) return null;
  const n = Number(cleaned);
  if (!/^\d+$/.test(cleaned) || n < 1 || n > MAX_CAPACITY) {
    throw Invalid.field(["body", "capacity"], m.events.invalidCapacity);
  }
  return n;
}
