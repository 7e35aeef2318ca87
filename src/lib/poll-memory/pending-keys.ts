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
 *
 * Both messages name the writing transaction (`tx`, migration 0059), and a NOTIFY settles that
 * transaction's keys however many NOTICEs it sent. They come on two connections, so the NOTIFY
 * is sometimes handled first: the transaction is then remembered as committed for
 * `PENDING_FOR_MS`, and its late NOTICEs are ignored. Counting NOTICEs against NOTIFYs per key
 * instead left such a key pending for 2 s after its commit (a test of the feed's memory saw no
 * hit in one run of ten), as did a transaction that touched a key twice (two NOTICEs, one NOTIFY).
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
  /** Transactions of this process not committed yet, with the keys their NOTICEs named. */
  const writes = new Map<string, { keys: Set<string>; until: number }>();
  /** Transactions whose NOTIFY was heard (from any process), until a late NOTICE can no longer come. */
  const committed = new Map<string, number>();
  let sweptAt = Number.NEGATIVE_INFINITY;
  let sweeps = 0;

  function sweep(at: number) {
    sweptAt = at;
    sweeps += 1;
    for (const [key, entry] of pending) if (entry.until <= at) pending.delete(key);
    for (const [tx, write] of writes) if (write.until <= at) writes.delete(tx);
    for (const [tx, until] of committed) if (until <= at) committed.delete(tx);
  }

  function release(key: string) {
    const entry = pending.get(key);
    if (!entry) return;
    if (entry.count <= 1) pending.delete(key);
    else entry.count -= 1;
  }

  function hold(key: string, until: number) {
    const entry = pending.get(key);
    pending.set(key, { count: (entry?.count ?? 0) + 1, until });
  }

  return {
    /** A write touched these keys and has not committed yet (its NOTICE; `tx` its transaction). */
    add(keys: readonly string[], tx?: string) {
      const at = now();
      const crowded = pending.size + writes.size + committed.size > SWEEP_ABOVE;
      if (crowded && at - sweptAt >= SWEEP_EVERY_MS) sweep(at);
      const until = at + PENDING_FOR_MS;
      if (tx === undefined) {
        for (const key of keys) hold(key, until);
        return;
      }
      // Its NOTIFY was handled first: committed already, nothing is about to change.
      if (committed.has(tx)) return;
      let write = writes.get(tx);
      if (!write) {
        write = { keys: new Set(), until };
        writes.set(tx, write);
      }
      write.until = until;
      for (const key of keys) {
        if (write.keys.has(key)) {
          const entry = pending.get(key);
          if (entry) entry.until = until;
          else hold(key, until);
          continue;
        }
        write.keys.add(key);
        hold(key, until);
      }
    },
    /** A write touching these keys committed (its NOTIFY; `tx` its transaction, when named). */
    settle(keys: readonly string[], tx?: string) {
      if (tx === undefined) {
        for (const key of keys) release(key);
        return;
      }
      const at = now();
      // Every process hears every NOTIFY: the ones no NOTICE here waits for are swept as well.
      if (committed.size > SWEEP_ABOVE && at - sweptAt >= SWEEP_EVERY_MS) sweep(at);
      committed.set(tx, at + PENDING_FOR_MS);
      const write = writes.get(tx);
      if (!write) return;
      writes.delete(tx);
      for (const key of write.keys) release(key);
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
      writes.clear();
      committed.clear();
    },
    /** Walks over the whole map so far (tests: how often a crowd of pending keys is swept). */
    sweeps: () => sweeps,
  };
}
