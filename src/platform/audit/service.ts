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
  | "club.transfer_offer"
  | "club.transfer_accept"
  | "club.transfer_decline"
  | "club.transfer_cancel"
  | "club.transfer_complete"
  | "club.transfer_refuse"
  | "club.owner_reassign"
  | "post.delete"
  | "message.delete"
  | "message.pin"
  | "message.unpin"
  | "report.resolve"
  | "user.reset_code"
  | "account.delete"
  | "watched_word.seed"
  | "watched_word.seed_update"
  | "watched_word.create"
  | "watched_word.update"
  | "watched_word.delete"
  | "watched_word.block"
  | "watched_word.flag"
  | "watched_word.hold"
  | "held.approve"
  | "held.reject";

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
  /** Null when ClubNica acted by itself (a watched word blocked, flagged or held a text). */
  actorId: number | null;
  action: AuditAction;
  targetType: "user" | "club" | "comment" | "owner_request" | "post" | "message" | "watched_word";
  /** Null when there is no row to name (a refused signup's username). */
  targetId: number | null;
  details?: Record<string, unknown>;
}) {
  await insertAuditEntry(db, { actorId, action, targetType, targetId, details });
}
