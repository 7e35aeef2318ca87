import { desc } from "drizzle-orm";
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

export async function listAuditEntries(db: Executor, options: { limit: number; offset: number }) {
  return await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit)
    .offset(options.offset);
}
