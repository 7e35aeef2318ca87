import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import {
  type ReportAction,
  type ReportReason,
  type ReportTarget,
  URGENT_REPORT_REASONS,
} from "../../../common/reports";
import { reports, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** Stores a report; null when the reporter already has an open one on this target. */
export async function insertReport(
  db: Executor,
  report: {
    reporterId: number;
    targetType: ReportTarget;
    targetId: number;
    authorId: number | null;
    snapshot: string | null;
    reason: ReportReason;
    details: string | null;
  },
) {
  const rows = await db.insert(reports).values(report).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function listOpenReportsBy(db: Executor, reporterId: number) {
  return await db
    .select({ targetType: reports.targetType, targetId: reports.targetId })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.status, "open")))
    .orderBy(desc(reports.id))
    .limit(1000);
}

export async function countOpenReports(db: Executor) {
  const rows = await db
    .select({
      reports: sql<number>`count(*)`.mapWith(Number),
      targets: sql<number>`count(distinct (${reports.targetType}, ${reports.targetId}))`.mapWith(Number),
    })
    .from(reports)
    .where(eq(reports.status, "open"));
  return rows[0] ?? { reports: 0, targets: 0 };
}

/**
 * One page of the queue: open reports grouped by target, urgent ones first (any report with an
 * urgent reason: someone asks a student for photos or personal information), then the most
 * reported, then the most recently reported, with the total number of groups for paging. The author and snapshot come
 * from the first report (they were read at report time).
 */
export async function listOpenTargets(db: Executor, { limit, offset }: { limit: number; offset: number }) {
  const count = sql<number>`count(*)`.mapWith(Number);
  const last = sql<Date>`max(${reports.createdAt})`.mapWith((v: string | Date) => new Date(v));
  const urgent = sql<boolean>`bool_or(${inArray(reports.reason, [...URGENT_REPORT_REASONS])})`.mapWith(
    Boolean,
  );
  return await db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      reportCount: count,
      lastReportedAt: last,
      urgent,
      authorId: sql<number | null>`(array_agg(${reports.authorId} order by ${reports.id}))[1]`,
      snapshot: sql<string | null>`(array_agg(${reports.snapshot} order by ${reports.id}))[1]`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(reports)
    .where(eq(reports.status, "open"))
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(desc(urgent), desc(count), desc(last), desc(reports.targetType), desc(reports.targetId))
    .limit(limit)
    .offset(offset);
}

/** The open reports on the given targets, with their reporters, oldest first. */
export async function listOpenReportsOn(db: Executor, targets: { type: ReportTarget; id: number }[]) {
  if (targets.length === 0) return [];
  return await db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(reports)
    // No reporter: ClubNica filed it (a watched word).
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        eq(reports.status, "open"),
        or(...targets.map((t) => and(eq(reports.targetType, t.type), eq(reports.targetId, t.id)))),
      ),
    )
    .orderBy(reports.id);
}

export async function findPeople(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Closes every open report on a target (row locks keep two admins from closing them twice). */
export async function closeOpenReports(
  db: Executor,
  {
    targetType,
    targetId,
    adminId,
    status,
    resolution,
  }: {
    targetType: ReportTarget;
    targetId: number;
    adminId: number;
    status: "dismissed" | "actioned";
    resolution: ReportAction;
  },
) {
  return await db
    .update(reports)
    .set({ status, resolution, resolvedBy: adminId, resolvedAt: new Date() })
    .where(
      and(eq(reports.status, "open"), eq(reports.targetType, targetType), eq(reports.targetId, targetId)),
    )
    .returning({ id: reports.id, reporterId: reports.reporterId, authorId: reports.authorId });
}

/** The open reports on a target with the author each read at report time. */
export async function findOpenReports(db: Executor, targetType: ReportTarget, targetId: number) {
  return await db
    .select({ id: reports.id, authorId: reports.authorId })
    .from(reports)
    .where(
      and(eq(reports.status, "open"), eq(reports.targetType, targetType), eq(reports.targetId, targetId)),
    )
    .orderBy(reports.id);
}
