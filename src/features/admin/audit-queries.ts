import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditLog, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

const actor = alias(users, "actor");

/** The audit log, newest first, with the acting admin's username (one query). */
export async function listAuditWithActors(
  db: Executor,
  options: { limit: number; offset: number; action?: string },
) {
  return await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorUsername: actor.username,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(options.action ? eq(auditLog.action, options.action) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit)
    .offset(options.offset);
}
