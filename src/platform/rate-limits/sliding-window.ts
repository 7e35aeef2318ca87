import type { Rate } from "../../config";
import type { CounterHit } from "./queries";

/**
 * The sliding-window estimate: the previous window's count weighted by how much of it still
 * overlaps the last `windowSec` seconds, plus this window's count.
 */
export function estimateCount(hit: CounterHit, rate: Rate): number {
  const elapsed = hit.now / rate.windowSec - hit.windowIndex;
  return hit.previousCount * Math.max(0, 1 - elapsed) + hit.count;
}

/** Seconds until one more hit would pass, if nobody else hits the key meanwhile. */
export function secondsUntilAllowed(hit: CounterHit, rate: Rate): number {
  const others = hit.count - 1;
  const { max, windowSec } = rate;
  let at: number;
  if (others + 1 <= max && hit.previousCount > 0) {
    at = hit.windowIndex + 1 - (max - others - 1) / hit.previousCount;
  } else {
    at = hit.windowIndex + 1 + Math.max(0, 1 - (max - 1) / Math.max(others, 1));
  }
  return Math.max(1, at * windowSec - hit.now);
}
