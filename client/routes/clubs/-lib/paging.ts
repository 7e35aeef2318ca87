/** Clubs per page on /clubs. */
export const CLUBS_PAGE_SIZE = 24;
const MAX_PAGE = Math.floor(100_000 / CLUBS_PAGE_SIZE);

/**
 * `?page=` as a whole number from 2 up; anything else (1, junk, negative) is the first page.
 * Capped so the offset stays within what GET /api/clubs accepts (100 000).
 */
export function parsePage(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 1 && n <= MAX_PAGE ? n : undefined;
}

/** How many pages `total` items fill (at least one, so an empty list is "Page 1 of 1"). */
export function pageCount(total: number, size = CLUBS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}
