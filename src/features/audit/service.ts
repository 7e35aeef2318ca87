import type { Executor } from "../../lib/database/client";
import { insertAuditEntry } from "./queries";

export type AuditAction =
  | "owner_request.approve"
  | "owner_request.deny"
  | "user.ban"
  | "user.unban"
  | "user.mute"
  | "user.unmute"
  | "user.role"
  | "user.create_dummy"
  | "comment.delete"
  | "club.delete"
  | "post.delete"
  | "message.delete"
  | "report.resolve"
  | "user.reset_code"
  | "account.delete";

/**
 * Every admin action is written here, inside the same transaction as the action when one is
 * open, so the log never claims something that was rolled back. Never put secrets in details.
 */
export async function recordAudit({
  db,
  actorId,
  action,
  targetType,
  targetId,
  details,
}: {
  db: Executor;
  actorId: number;
  action: AuditAction;
  targetType: "user" | "club" | "comment" | "owner_request" | "post" | "message";
  targetId: number;
  details?: Record<string, unknown>;
}) {
  await insertAuditEntry(db, { actorId, action, targetType, targetId, details });
}
