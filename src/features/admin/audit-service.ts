import { displayName } from "../../../common/display-name";
import type { Database } from "../../lib/database/client";
import { type AuditFilter, listAuditActions, listAuditWithActors } from "./audit-queries";

export async function readAuditLog({
  db,
  limit,
  offset,
  action,
  actor,
  target_type,
  target_id,
}: {
  db: Database;
  limit: number;
  offset: number;
  action?: string;
  actor?: string;
  target_type?: string;
  target_id?: number;
}) {
  const filter: AuditFilter = {
    action,
    actor: actor || undefined,
    targetType: target_type,
    targetId: target_id,
  };
  const rows = await listAuditWithActors(db, { ...filter, limit, offset });
  return {
    total: rows[0]?.total ?? 0,
    entries: rows.map((r) => ({
      id: r.id,
      actor_id: r.actorId,
      actor_username: r.actorUsername,
      actor_name: r.actorUsername
        ? displayName({ username: r.actorUsername, firstName: r.actorFirstName, lastName: r.actorLastName })
        : null,
      target_name: r.targetUsername
        ? displayName({
            username: r.targetUsername,
            firstName: r.targetFirstName,
            lastName: r.targetLastName,
          })
        : (r.targetClubName ?? null),
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      details: r.details,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

export async function readAuditActions({ db }: { db: Database }) {
  return await listAuditActions(db);
}
