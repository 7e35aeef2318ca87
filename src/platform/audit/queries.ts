import { auditLog } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export async function insertAuditEntry(
  db: Executor,
  entry: {
    actorId: number | null;
    action: string;
    targetType: string;
    targetId: number | null;
    details?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
