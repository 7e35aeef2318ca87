import { BoundedMap } from "./bounded-map";
import { createPendingKeys } from "./pending-keys";
import { RememberedBodies, type RememberedBody } from "./remembered-bodies";

/**
 * What a process remembers about answers it gave, so a poll whose answer has not changed is
 * answered without asking PostgreSQL (the badge every 10 s, the feed every 10 s, an open chat
 * every 2 s: nearly all unchanged).
 *
 * Two bounded maps:
 * - versions: one number per change key (`a12`, `c7`, ... see keys.ts). A key's version is
 *   handed out from a process-wide clock when it is first needed; a change to the key (a NOTIFY
 *   from the triggers of migration 0025_poll_change_keys) deletes it, so the next reader gets a newer number.
 * - memos: a remembered answer with the versions of the keys it was computed from, taken before
 *   the statement ran. A memo is good while every one of those keys still has that version.
 *
 * Taking the versions before the statement is what makes a slow read safe: a change that commits
 * while it runs arrives as a NOTIFY afterwards and deletes the key, so the memo it stores is
 * already stale and never served. Evicting a key has the same effect as a change (a miss).
 * A write of this process is heard earlier, as a NOTICE before it commits (`committing`): its
 * keys stay pending until the NOTIFY, and a read taken meanwhile is never current (pending-keys.ts),
 * so a poll after the write's 201 always reads it.
 *
 * Beside a memo, the bytes its answer was sent as may be kept (`keepBody`, bounded by size), so a
 * poll without If-None-Match is answered with them, as long as the memo is good and names the
 * same tag.
 *
 * Nothing is trusted until the change feed is listening, and everything is forgotten on every
 * (re)subscription: NOTIFYs sent while the LISTEN connection was down are lost.
 */
export type Snapshot = readonly (readonly [key: string, version: number])[];
type Memo = { value: unknown; deps: Snapshot };

/** Counters for /metrics, by poll kind (session, chat, badge, feed). */
export type PollMemoryStats = {
  hits: Map<string, number>;
  misses: Map<string, number>;
  evictions: () => number;
  entries: () => number;
  bodyBytes: () => number;
  resets: number;
};

export type PollMemory = ReturnType<typeof createPollMemory>;

/**
 * 100,000 memos and as many versions: about 2 KB per student with a session, badge, feed page
 * and open chat remembered, so about 20,000 such students and 42 MB (scripts/bench/polls.ts).
 */
const DEFAULT_POLL_MEMORY_ENTRIES = 100_000;

/** 8 MB of answers' bytes: about 5,000 compressed feed pages (1.5 KB each, from 14 KB of JSON). */
const DEFAULT_POLL_MEMORY_BODY_BYTES = 8 * 1024 * 1024;

export function createPollMemory({
  capacity = DEFAULT_POLL_MEMORY_ENTRIES,
  bodyBytes = DEFAULT_POLL_MEMORY_BODY_BYTES,
  now = Date.now,
}: {
  capacity?: number;
  bodyBytes?: number;
  now?: () => number;
} = {}) {
  const versions = new BoundedMap<string, number>(capacity);
  const memos = new BoundedMap<string, Memo>(capacity);
  const bodies = new RememberedBodies(bodyBytes);
  const pending = createPendingKeys(now);
  let clock = 0;
  let trusted = false;
  const stats: PollMemoryStats = {
    hits: new Map(),
    misses: new Map(),
    evictions: () => versions.evictions + memos.evictions + bodies.evictions,
    entries: () => versions.size + memos.size,
    bodyBytes: () => bodies.bytes,
    resets: 0,
  };
  const count = (counts: Map<string, number>, kind: string) => counts.set(kind, (counts.get(kind) ?? 0) + 1);

  function versionOf(key: string): number {
    // A pending key's version is never stored, so nothing read from it is ever current.
    if (pending.has(key)) return ++clock;
    let version = versions.get(key);
    if (version === undefined) {
      clock += 1;
      version = clock;
      versions.set(key, version);
    }
    return version;
  }

  return {
    stats,
    /** Whether answers are kept and served now (skip work that only feeds `remember`). */
    get listening(): boolean {
      return trusted;
    },
    /** The current versions of `keys`: take them before reading what depends on them. */
    snapshot(keys: readonly string[]): Snapshot {
      return keys.map((key) => [key, versionOf(key)] as const);
    },
    /** The clock now: versions handed out later are newer (see `snapshotSince`). */
    mark(): number {
      return clock;
    },
    /**
     * The versions of keys learned only from a read that began at `mark` (a person's clubs, say):
     * null when any of them is newer than the mark, since a change heard during the read may
     * have deleted it. The next read then finds them older and can be remembered.
     */
    snapshotSince(mark: number, keys: readonly string[]): Snapshot | null {
      const taken = keys.map((key) => [key, versionOf(key)] as const);
      return taken.every(([, version]) => version <= mark) ? taken : null;
    },
    /** Keeps an answer computed after `deps` were taken. */
    remember(memoKey: string, value: unknown, deps: Snapshot): void {
      if (trusted) memos.set(memoKey, { value, deps });
    },
    /** The remembered answer while none of its keys changed; counts a hit or a miss of `kind`. */
    recall<T>(kind: string, memoKey: string, usable: (value: T) => boolean = () => true): T | undefined {
      const memo = trusted ? memos.get(memoKey) : undefined;
      const current = memo?.deps.every(([key, version]) => versions.peek(key) === version) ?? false;
      if (memo && current && usable(memo.value as T)) {
        count(stats.hits, kind);
        return memo.value as T;
      }
      if (memo && !current) memos.delete(memoKey);
      count(stats.misses, kind);
      return undefined;
    },
    /** Keeps the bytes `memoKey`'s answer was sent as (its memo decides whether they are still good). */
    keepBody(memoKey: string, body: RememberedBody): void {
      if (trusted) bodies.set(memoKey, body);
    },
    /** The bytes kept for `memoKey`: serve them only with a good memo that has the same tag. */
    bodyOf(memoKey: string): RememberedBody | undefined {
      return trusted ? bodies.get(memoKey) : undefined;
    },
    /** A hint kept without versions (never an answer; correctness must not depend on it). */
    note(key: string, value: unknown): void {
      memos.set(key, { value, deps: [] });
    },
    noted<T>(key: string): T | undefined {
      return memos.get(key)?.value as T | undefined;
    },
    /** The data behind these keys changed (a NOTIFY): every memo that read them is stale. */
    changed(keys: readonly string[], tx?: string): void {
      for (const key of keys) versions.delete(key);
      pending.settle(keys, tx);
    },
    /** A write of this process touched these keys and commits soon (a NOTICE): stale, and pending. */
    committing(keys: readonly string[], tx?: string): void {
      for (const key of keys) versions.delete(key);
      pending.add(keys, tx);
    },
    /** Not listening (the LISTEN connection closed): serve nothing until `reset`. */
    distrust(): void {
      trusted = false;
      pending.clear();
      versions.clear();
      memos.clear();
      bodies.clear();
    },
    /** Listening (again): forget everything, since changes made meanwhile were not heard. */
    reset(): void {
      pending.clear();
      versions.clear();
      memos.clear();
      bodies.clear();
      trusted = true;
      stats.resets += 1;
    },
  };
}
