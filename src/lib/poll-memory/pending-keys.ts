/**
 * Keys a write in this process touched but has not committed yet: heard as a NOTICE on the
 * writing statement, settled by the NOTIFY PostgreSQL sends at commit. While a key is pending, a
 * page read from it may miss the write that is about to commit (the write's NOTICE already
 * deleted the key's version, so a reader taking the key now would get a fresh version and keep
 * its page as current until the NOTIFY arrives), so nothing read from it is remembered.
 *
 * Counted per key, since two writers may each have sent a NOTICE before the first NOTIFY comes.
 * A NOTICE whose transaction rolls back never gets its NOTIFY: the key settles by itself after
 * `PENDING_FOR_MS` (it only costs memo misses meanwhile, never a wrong answer).
 */
const PENDING_FOR_MS = 2_000;

/** Swept past this many keys, so rolled-back writes never pile up. */
const SWEEP_ABOVE = 1_000;
/**
 * And at most this often: more keys than SWEEP_ABOVE can be pending at once for good (a live
 * delivery's read marks of 2,000 followers send 4,000 keys), and a sweep on every NOTICE then
 * walked them all for nothing (8.5 % of the app's CPU at 10,000 sockets, scripts/bench/live.ts).
 */
const SWEEP_EVERY_MS = 500;

export function createPendingKeys(now: () => number = Date.now) {
  const pending = new Map<string, { count: number; until: number }>();
  let sweptAt = Number.NEGATIVE_INFINITY;
  let sweeps = 0;

  function sweep(at: number) {
    sweptAt = at;
    sweeps += 1;
    for (const [key, entry] of pending) if (entry.until <= at) pending.delete(key);
  }

  return {
    /** A write touched these keys and has not committed yet (its NOTICE). */
    add(keys: readonly string[]) {
      const at = now();
      if (pending.size > SWEEP_ABOVE && at - sweptAt >= SWEEP_EVERY_MS) sweep(at);
      for (const key of keys) {
        const entry = pending.get(key);
        pending.set(key, { count: (entry?.count ?? 0) + 1, until: at + PENDING_FOR_MS });
      }
    },
    /** A write touching these keys committed (its NOTIFY). */
    settle(keys: readonly string[]) {
      for (const key of keys) {
        const entry = pending.get(key);
        if (!entry) continue;
        if (entry.count <= 1) pending.delete(key);
        else entry.count -= 1;
      }
    },
    has(key: string): boolean {
      const entry = pending.get(key);
      if (!entry) return false;
      if (entry.until > now()) return true;
      pending.delete(key);
      return false;
    },
    clear() {
      pending.clear();
    },
    /** Walks over the whole map so far (tests: how often a crowd of pending keys is swept). */
    sweeps: () => sweeps,
  };
}
