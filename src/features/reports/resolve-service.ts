import type { z } from "zod";
import { m } from "../../../common/messages";
import type { ReportTarget } from "../../../common/reports";
import type { AppDeps } from "../../deps";
import type { Database, Executor } from "../../lib/database/client";
import { Conflict, Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { recordAudit } from "../../platform/audit/service";
import { restrictUser } from "../admin";
import { approveHeldMessage, isHeldMessage, removeReportedMessage } from "../chat";
import { deleteClub } from "../clubs";
import { approveHeldComment, deleteComment, isCommentHeld } from "../comments";
import { type NoticeWriter, notifyUsers } from "../notices";
import { approveHeldPost, deletePost, isHeldPost } from "../posts";
import { closeOpenReports, findOpenReports } from "./queries";
import type { ResolveReportsResult, resolveReportsBody } from "./schema";

type Deps = Pick<AppDeps, "db" | "jobs" | "config">;

/** The reporter's notice kinds (user_notices.kind), shown by the Report notices list. */
const REPORT_NOTICE_KINDS = { actioned: "report_actioned", dismissed: "report_dismissed" } as const;

/**
 * An admin acts on every open report about one thing: dismiss them, delete the thing, or mute
 * or ban its author for a duration. The action goes through the feature that owns it (which
 * audits it as usual: comment.delete, user.mute, …); then, in one transaction, the reports
 * close, a report.resolve entry names the reports it resolved, and each reporter gets a notice.
 * Content already gone counts as deleted. Content a watched word held is approved (made
 * visible: held.approve) or rejected by deleting it (held.reject).
 */
export async function resolveReports({
  deps,
  admin,
  input,
}: {
  deps: Deps;
  admin: SessionUser;
  input: z.output<typeof resolveReportsBody>;
}): Promise<ResolveReportsResult> {
  const { db } = deps;
  const { target_type: type, target_id: id, action } = input;
  const open = await findOpenReports(db, type, id);
  if (open.length === 0) throw new NotFound(m.reports.noOpenReports);
  const authorId = open.find((r) => r.authorId !== null)?.authorId ?? null;

  let until: string | null = null;
  if (action === "mute" || action === "ban") {
    if (authorId === null) throw new Conflict(m.reports.noAuthor);
    const done = await restrictUser({
      db,
      jobs: deps.jobs,
      adminId: admin.id,
      userId: authorId,
      kind: action,
      on: true,
      duration: input,
    });
    until = done.until;
  } else if (action === "delete") {
    const wasHeld = await isHeld(db, type, id);
    await deleteTarget({ deps, admin, type, id });
    if (wasHeld) await auditHeldDecision(db, admin, type, id, "held.reject", authorId);
  }

  const status = action === "dismiss" || action === "approve" ? "dismissed" : "actioned";
  const closed = await db.transaction(async (tx) => {
    if (action === "approve") {
      // Approving is what makes held content visible; anything else held stays hidden.
      const approved = await approveHeld({ db: tx, jobs: deps.jobs }, type, id);
      if (!approved) throw new Conflict(m.reports.notHeld);
      await auditHeldDecision(tx, admin, type, id, "held.approve", authorId, approved.details);
    }
    const rows = await closeOpenReports(tx, {
      targetType: type,
      targetId: id,
      adminId: admin.id,
      status,
      resolution: action,
    });
    const reportIds = rows.map((r) => r.id);
    await recordAudit({
      db: tx,
      actorId: admin.id,
      action: "report.resolve",
      targetType: type,
      // Audit target ids are int; chat message ids fit until two billion messages.
      targetId: id,
      details: { action, report_ids: reportIds, author_id: authorId, ...(until ? { until } : {}) },
    });
    // ClubNica's own reports (no reporter) get no notice. No actor: a moderation decision speaks
    // for ClubNica, so blocking the admin who took it never hides it.
    const reporters = [...new Set(rows.map((r) => r.reporterId).filter((r): r is number => r !== null))];
    await notifyUsers({ db: tx, jobs: deps.jobs }, reporters, { kind: REPORT_NOTICE_KINDS[status] });
    return reportIds;
  });
  return { target_type: type, target_id: id, action, status, report_ids: closed, author_id: authorId, until };
}

async function isHeld(db: Database, type: ReportTarget, id: number) {
  switch (type) {
    case "comment":
      return await isCommentHeld({ db, commentId: id });
    case "post":
      return await isHeldPost({ db, postId: id });
    case "message":
      return await isHeldMessage({ db, messageId: id });
    default:
      return false;
  }
}

/**
 * Publishes held content through the feature that owns it; null when it is not held (clubs and
 * people are never held: a hold word refuses their texts). A message is published under a new
 * id (see approveHeldMessage), which the audit entry records.
 */
async function approveHeld(
  out: NoticeWriter,
  type: ReportTarget,
  id: number,
): Promise<{ details: Record<string, unknown> } | null> {
  const { db } = out;
  switch (type) {
    case "comment":
      return (await approveHeldComment({ db, commentId: id })) ? { details: {} } : null;
    case "post":
      return (await approveHeldPost({ out, postId: id })) ? { details: {} } : null;
    case "message": {
      const newId = await approveHeldMessage({ db, messageId: id });
      return newId === null ? null : { details: { published_id: newId } };
    }
    default:
      return null;
  }
}

async function auditHeldDecision(
  db: Executor,
  admin: SessionUser,
  type: ReportTarget,
  id: number,
  action: "held.approve" | "held.reject",
  authorId: number | null,
  details: Record<string, unknown> = {},
) {
  await recordAudit({
    db,
    actorId: admin.id,
    action,
    targetType: type,
    targetId: id,
    details: { author_id: authorId, ...details },
  });
}

async function deleteTarget({
  deps,
  admin,
  type,
  id,
}: {
  deps: Deps;
  admin: SessionUser;
  type: ReportTarget;
  id: number;
}) {
  try {
    switch (type) {
      case "post":
        return await deletePost({ db: deps.db, deps, user: admin, id });
      case "comment":
        return await deleteComment({ db: deps.db, user: admin, commentId: id, asAdmin: true });
      case "club":
        return await deleteClub({ db: deps.db, user: admin, id });
      case "message":
        return await deleteMessage(deps.db, admin, id);
      case "user":
        throw new Invalid(m.reports.cannotDeleteUser);
    }
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
  }
}

async function deleteMessage(db: Database, admin: SessionUser, id: number) {
  await db.transaction(async (tx) => {
    const deleted = await removeReportedMessage(tx, id);
    if (!deleted) throw new NotFound(m.reports.notFound);
    await recordAudit({
      db: tx,
      actorId: admin.id,
      action: "message.delete",
      targetType: "message",
      targetId: id,
      details: { sender_id: deleted.senderId, club_id: deleted.clubId },
    });
  });
}
