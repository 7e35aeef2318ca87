import type { Role } from "../../../common/enums";
import { changeKeys } from "../../lib/poll-memory/keys";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";

/**
 * The badge number a process remembers per person and role. It is read from the person's own
 * rows (`p` key: direct messages, read marks, notices, blocks, clubs they own; `a` key: their
 * account and memberships), from every club they are a member or owner of (`c` key: its chat
 * and its requests) and, for an admin, from every request (`r` key). The clubs are only known
 * once the count was read: the versions of the clubs of the last read are taken before it, and
 * the number is remembered only when no club key is newer than the read's start (a club just
 * joined is remembered on the next read; see `snapshotSince` in src/lib/poll-memory).
 */
function memoKey(userId: number, role: Role) {
  return `badge:${userId}:${role}`;
}

export function recallBadge(memory: PollMemory, userId: number, role: Role): number | undefined {
  return memory.recall<number>("badge", memoKey(userId, role));
}

/** Reads the badge through `count` and remembers it when it may be. */
export async function readBadge(
  memory: PollMemory,
  { userId, role }: { userId: number; role: Role },
  count: () => Promise<{ total: number; clubIds: number[] }>,
): Promise<number> {
  const own = [changeKeys.person(userId), changeKeys.access(userId)];
  if (role === "admin") own.push(changeKeys.requests);
  const lastClubs = memory.noted<number[]>(`badge-clubs:${userId}`) ?? [];
  const before = memory.snapshot([...own, ...lastClubs.map(changeKeys.club)]);
  const mark = memory.mark();
  const { total, clubIds } = await count();
  memory.note(`badge-clubs:${userId}`, clubIds);
  const clubs = memory.snapshotSince(mark, clubIds.map(changeKeys.club));
  if (clubs) memory.remember(memoKey(userId, role), total, [...before.slice(0, own.length), ...clubs]);
  return total;
}
