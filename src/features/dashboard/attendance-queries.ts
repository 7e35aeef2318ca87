import { and, count, eq, inArray } from "drizzle-orm";
import { eventCheckInKeys, eventCheckIns } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/**
 * People checked in per event (post id → count), from attendance check-in (src/features/check-ins).
 * Only events whose owner opened "Registrar asistencia" (they have a check-in key) have a
 * figure, 0 included; for the others attendance was never taken, so they are left out and the
 * dashboard shows "—" rather than a misleading 0.
 */
export async function attendanceByEvent(db: Executor, eventIds: number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const [keys, rows] = await Promise.all([
    db
      .select({ postId: eventCheckInKeys.postId })
      .from(eventCheckInKeys)
      .where(inArray(eventCheckInKeys.postId, eventIds)),
    db
      .select({ postId: eventCheckIns.postId, people: count() })
      .from(eventCheckIns)
      // Pending (por confirmar) and rejected check-ins do not count as attended.
      .where(and(inArray(eventCheckIns.postId, eventIds), eq(eventCheckIns.status, "present")))
      .groupBy(eventCheckIns.postId),
  ]);
  const attended = new Map<number, number>(keys.map((k) => [k.postId, 0]));
  for (const row of rows) attended.set(row.postId, row.people);
  return attended;
}
