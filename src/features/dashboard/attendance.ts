import type { Executor } from "../../lib/database/client";

/**
 * People checked in per event (post id → count). Attendance check-in is being built separately
 * (issue 35); until it lands nothing is recorded, so this answers an empty map and the dashboard
 * shows "—" in its Attended column. Wire it to event_check_ins once that table exists.
 */
export async function attendanceByEvent(_db: Executor, _eventIds: number[]): Promise<Map<number, number>> {
  return new Map();
}
