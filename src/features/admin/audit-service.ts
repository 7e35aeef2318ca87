import type { Database } from "../../lib/database/client";
import { listAuditWithActors } from "./audit-queries";

export async function readAuditLog({
  db,
  limit,
  offset,
  action,
}: {
  db: Database;
  limit: number;
  offset: number;
  action?: string;
}) {
  const rows = await listAuditWithActors(db, { limit, offset, action });
  return rows.map((r) => ({
    id: r.id,
    actor_id: r.actorId,
    actor_username: r.actorUsername,
    action: r.action,
    target_type: r.targetType,
    target_id: r.targetId,
    details: r.details,
    created_at: r.createdAt.toISOString(),
  }));
}
