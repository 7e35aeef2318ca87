import type { Database } from "../../lib/database/client";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser } from "../../lib/session-token";
import { UNREAD_CAP } from "../chat";
import { readBadge, recallBadge } from "./badge-memory";
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

/**
 * The badge number read from the database (no memory), leaving out the club chats in
 * `settledClubIds`, with the clubs whose change keys can move it. The live connection keeps
 * its people's numbers itself (src/features/live/counts.ts).
 */
export function readNotificationCount({
  db,
  user,
  settledClubIds,
}: {
  db: Database;
  user: SessionUser;
  settledClubIds: readonly number[];
}) {
  return countNotifications(db, { userId: user.id, role: user.role, unreadCap: UNREAD_CAP, settledClubIds });
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
