import type { z } from "zod";
import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { Conflict } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { enforceLimits, releaseHolds } from "../../platform/rate-limits/service";
import { blockUser } from "../blocks";
import { insertReport, listOpenReportsBy } from "./queries";
import { readReportTarget } from "./report-target";
import type { createReportBody, MyOpenReport, ReportJson } from "./schema";

type Deps = Pick<AppDeps, "db" | "config">;

/**
 * Files a report. Limited per account and per address (RATE_REPORTS_*); a refused report (not
 * found, own content, already reported) gives its hit back, so only reports that reach the
 * queue count. One open report per reporter and target: the partial unique index decides, so
 * two taps at once still make one report.
 *
 * `block_author` also blocks the person it is about (or who wrote it) in the same step, through
 * the blocks feature (its limits and checks). The block comes first: refused (too many blocks),
 * nothing is filed and the reporter can send again without it; a 409 for a report already filed
 * still leaves the block in place, which is what the reporter asked for.
 */
export async function createReport({
  deps,
  user,
  address,
  input,
}: {
  deps: Deps;
  user: SessionUser;
  address: string;
  input: z.output<typeof createReportBody>;
}): Promise<ReportJson> {
  const { db, config } = deps;
  const holds = await enforceLimits({
    db,
    checks: [
      { key: `reports:u:${user.id}`, rate: config.RATE_REPORTS_PER_ACCOUNT },
      { key: `reports:a:${address}`, rate: config.RATE_REPORTS_PER_ADDRESS },
    ],
    detail: () => m.reports.rateLimited,
  });
  try {
    const target = await readReportTarget({ db, viewer: user, type: input.target_type, id: input.target_id });
    // A deleted author leaves no one to block; the report is still filed.
    const blockedUserId = input.block_author ? target.authorId : null;
    if (blockedUserId !== null) await blockUser({ deps, userId: user.id, otherId: blockedUserId, address });
    const row = await insertReport(db, {
      reporterId: user.id,
      targetType: input.target_type,
      targetId: input.target_id,
      authorId: target.authorId,
      snapshot: target.snapshot,
      reason: input.reason,
      details: input.details ?? null,
    });
    if (!row) throw new Conflict(m.reports.duplicate);
    return {
      id: row.id,
      target_type: row.targetType,
      target_id: row.targetId,
      reason: row.reason,
      details: row.details,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      blocked_user_id: blockedUserId,
    };
  } catch (error) {
    await releaseHolds(db, holds);
    throw error;
  }
}

/** The caller's open reports (at most 1000, newest first): screens mark these "Reported". */
export async function listMyOpenReports({
  db,
  user,
}: {
  db: Deps["db"];
  user: SessionUser;
}): Promise<MyOpenReport[]> {
  const rows = await listOpenReportsBy(db, user.id);
  return rows.map((r) => ({ target_type: r.targetType, target_id: r.targetId }));
}
