import { changeKeys } from "./keys";
import type { PollMemory } from "./poll-memory";

/**
 * Reads a person's number through `count` and remembers it when it may be. It depends on the
 * person's own keys and on clubs known only once it was read (the clubs they belong to or own):
 * the versions of the clubs of the last read are taken before it, and the answer is remembered
 * only when no club key is newer than the read's start (a club just joined is remembered on the
 * next read; see `snapshotSince`). The badge and the bell read this way.
 */
export async function readWithClubKeys<T>(
  memory: PollMemory,
  { memoKey, clubsNote, own }: { memoKey: string; clubsNote: string; own: string[] },
  count: () => Promise<{ value: T; clubIds: number[] }>,
): Promise<T> {
  const lastClubs = memory.noted<number[]>(clubsNote) ?? [];
  const before = memory.snapshot([...own, ...lastClubs.map(changeKeys.club)]);
  const mark = memory.mark();
  const { value, clubIds } = await count();
  memory.note(clubsNote, clubIds);
  const clubs = memory.snapshotSince(mark, clubIds.map(changeKeys.club));
  if (clubs) memory.remember(memoKey, value, [...before.slice(0, own.length), ...clubs]);
  return value;
}
