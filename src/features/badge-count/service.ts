import type { Database } from "../../lib/database/client";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser } from "../../lib/session-token";
import { UNREAD_CAP } from "../chat";
import { holdsBadge, readBadge, recallBadge } from "./badge-memory";
import { countNotifications, markNoticesSeen } from "./queries";

/**
 * The number on the Connections badge (the rule is documented on countNotifications), from the
 * process's memory while nothing it counts has changed (badge-memory.ts).
 */
export async function getNotificationCount({
  db,
  memory,
  user,
}: {
  db: Database;
  memory: PollMemory;
  user: SessionUser;
}) {
  const known = recallBadge(memory, user.id, user.role);
  if (known !== undefined) return known;
  return readBadge(memory, { userId: user.id, role: user.role }, () =>
    countNotifications(db, { userId: user.id, role: user.role, unreadCap: UNREAD_CAP }),
  );
}

/** Whether getNotificationCount would answer from memory, with no statement. */
export function isNotificationCountRemembered({ memory, user }: { memory: PollMemory; user: SessionUser }) {
  return holdsBadge(memory, user.id, user.role);
}

/** Marks every notice seen (the Connections screen was opened) and returns the new badge number. */
export async function markNotificationsSeen({ db, user }: { db: Database; user: SessionUser }) {
  await markNoticesSeen(db, user.id);
  const { total } = await countNotifications(db, {
    userId: user.id,
    role: user.role,
    unreadCap: UNREAD_CAP,
  });
  return total;
}
