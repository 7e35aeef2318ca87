import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import type { SessionUser } from "../../lib/session-token";
import { UNREAD_CAP } from "../chat/service";
import { countNotifications, listNoticeRows, markNoticesSeen } from "./queries";
import type { NoticeJson } from "./schema";

/** The number on the Connections badge (the rule is documented on countNotifications). */
export async function getNotificationCount({ sql, user }: { sql: AppDeps["sql"]; user: SessionUser }) {
  return countNotifications(sql, { userId: user.id, role: user.role, unreadCap: UNREAD_CAP });
}

/** Marks every notice seen (the Connections screen was opened) and returns the new badge number. */
export async function markNotificationsSeen({
  db,
  sql,
  user,
}: {
  db: Executor;
  sql: AppDeps["sql"];
  user: SessionUser;
}) {
  await markNoticesSeen(db, user.id);
  return getNotificationCount({ sql, user });
}

export async function listNotices({
  db,
  user,
  limit,
  offset,
}: {
  db: Executor;
  user: SessionUser;
  limit: number;
  offset: number;
}): Promise<NoticeJson[]> {
  const rows = await listNoticeRows(db, { userId: user.id, limit, offset });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    club_id: row.clubId,
    club_name: row.clubName,
    created_at: row.createdAt.toISOString(),
    seen: row.seenAt !== null,
  }));
}
