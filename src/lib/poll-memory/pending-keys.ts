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

export function createPendingKeys(now: () => number = Date.now) {
  const pending = new Map<string, { count: number; until: number }>();

  function sweep(at: number) {
    for (const [key, entry] of pending) if (entry.until <= at) pending.delete(key);
  }

  return {
    /** A write touched these keys and has not committed yet (its NOTICE). */
    add(keys: readonly string[]) {
      const at = now();
      if (pending.size > SWEEP_ABOVE) sweep(at);
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
  };
}
