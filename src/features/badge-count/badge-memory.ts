import type { Role } from "../../../common/enums";
import { changeKeys } from "../../lib/poll-memory/keys";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import { readWithClubKeys } from "../../lib/poll-memory/read-with-clubs";

/**
 * The badge number a process remembers per person and role. It is read from the person's own
 * rows (`p` key: direct messages, read marks, notices, blocks, clubs they own; `a` key: their
 * account and memberships), from every club they are a member or owner of (`c` key: its chat
 * and its requests) and, for an admin, from every request (`r` key); the clubs are known only
 * once the count was read (src/lib/poll-memory/read-with-clubs.ts).
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
  return readWithClubKeys(
    memory,
    { memoKey: memoKey(userId, role), clubsNote: `badge-clubs:${userId}`, own },
    async () => {
      const { total, clubIds } = await count();
      return { value: total, clubIds };
    },
  );
}
