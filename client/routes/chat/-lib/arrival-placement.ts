/** Auto-scroll follows new messages only when the reader is this close to the bottom (spec section 9). */
const AUTO_SCROLL_THRESHOLD_PX = 80;

/** The list as last drawn: its first and last message ids and its scroll height. */
export type ListSnapshot = { first: number | null; last: number | null; height: number };

/** What the list does when its messages change. */
export type Placement =
  /** Earlier messages came on top: shift by what they added, so the reader's line stays put. */
  | "keep-place"
  /** A new last message and the reader was at the bottom (or the list just opened): follow it. */
  | "to-bottom"
  /** A new last message while the reader was up the list: offer "New messages" instead. */
  | "mark-unseen"
  /** Nothing new at the end, but the bottom grew (a reaction, an edit) under a reader there. */
  | "hold-bottom"
  | "none";

export function isNearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= AUTO_SCROLL_THRESHOLD_PX;
}

/**
 * Decides from the element's scroll position as it is now, against the height it had before the
 * change. Not from the last scroll event: that comes a frame after the scroll, so a message
 * landing in between would be placed by where the reader was, not where they are.
 */
export function placeArrival(
  before: ListSnapshot,
  now: ListSnapshot,
  view: { scrollTop: number; clientHeight: number },
): Placement {
  const wasNearBottom =
    before.last === null ||
    isNearBottom({ scrollHeight: before.height, scrollTop: view.scrollTop, clientHeight: view.clientHeight });
  if (
    before.last !== null &&
    before.first !== null &&
    now.first !== null &&
    now.first < before.first &&
    now.last === before.last
  )
    return "keep-place";
  if (now.last !== before.last) return wasNearBottom ? "to-bottom" : "mark-unseen";
  if (wasNearBottom && now.height !== before.height) return "hold-bottom";
  return "none";
}
