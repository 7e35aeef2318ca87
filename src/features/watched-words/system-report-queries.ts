import { sql } from "drizzle-orm";
import type { ReportTarget } from "../../../common/reports";
import { reports } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** An automatic report (no reporter), unless one is already open on the target. */
export async function insertSystemReport(
  db: Executor,
  report: {
    targetType: ReportTarget;
    targetId: number;
    authorId: number | null;
    snapshot: string;
    details: string;
  },
) {
  await db.execute(sql`
    insert into ${reports} (reporter_id, target_type, target_id, author_id, snapshot, reason, details)
    select null, ${report.targetType}, ${report.targetId}, ${report.authorId}, ${report.snapshot}, 'other', ${report.details}
    where not exists (
      select 1 from ${reports}
      where reporter_id is null and status = 'open'
        and target_type = ${report.targetType} and target_id = ${report.targetId}
    )`);
}
