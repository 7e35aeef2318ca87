import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { BADGE_NOTICE_KINDS } from "../../../common/api/notices";
import { userNotices } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

// The badge count is a hot statement: src/lib/database/hot-statements.ts.
export { countNotifications } from "../../lib/database/hot-statements";

export async function markNoticesSeen(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .update(userNotices)
    .set({ seenAt: sql`now()` })
    .where(
      and(
        eq(userNotices.userId, userId),
        isNull(userNotices.seenAt),
        inArray(userNotices.kind, [...BADGE_NOTICE_KINDS]),
      ),
    )
    .returning({ id: userNotices.id });
  return rows.length;
}
