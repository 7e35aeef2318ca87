import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditLog, clubs, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

const actor = alias(users, "actor");
const targetUser = alias(users, "target_user");

export type AuditFilter = { action?: string; actor?: string; targetType?: string; targetId?: number };

/**
 * The audit log, newest first, with the acting admin's username and name, the name of the
 * person or club acted on (so the screen can say "Ana suspendió a Jorge Pérez"), and the number
 * of matching entries for paging (one query). Filters combine: action, actor's username, target type and id.
 */
export async function listAuditWithActors(
  db: Executor,
  options: AuditFilter & { limit: number; offset: number },
) {
  return await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorUsername: actor.username,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
      targetUsername: targetUser.username,
      targetFirstName: targetUser.firstName,
      targetLastName: targetUser.lastName,
      targetClubName: clubs.name,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(targetUser, and(eq(auditLog.targetType, "user"), eq(targetUser.id, auditLog.targetId)))
    .leftJoin(clubs, and(eq(auditLog.targetType, "club"), eq(clubs.id, auditLog.targetId)))
    .where(
      and(
        options.action ? eq(auditLog.action, options.action) : undefined,
        options.actor ? eq(actor.username, options.actor) : undefined,
        options.targetType ? eq(auditLog.targetType, options.targetType) : undefined,
        options.targetId ? eq(auditLog.targetId, options.targetId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** The actions the log holds, for the audit screen's filter. */
export async function listAuditActions(db: Executor) {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action)
    .limit(200);
  return rows.map((r) => r.action);
}
