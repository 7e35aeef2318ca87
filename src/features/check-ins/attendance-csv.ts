import { m } from "../../../common/messages";
import { csvHeaders, toCsv } from "../../lib/csv";
import type { Database } from "../../lib/database/client";
import type { SessionUser } from "../../lib/session-token";
import { displayName } from "../users/display-name";
import { listAttendanceForExport } from "./service";

/**
 * The attendance of one event as a CSV download; e-mail addresses only for an admin. Pending
 * check-ins are in it, marked as such (not counted until confirmed); rejected ones are not.
 */
export async function exportAttendanceCsv({
  db,
  user,
  postId,
}: {
  db: Database;
  user: SessionUser;
  postId: number;
}): Promise<Response> {
  const { rows } = await listAttendanceForExport({ db, user, postId });
  const t = m.checkIns;
  const withEmail = user.role === "admin";
  const header = [
    t.csvName,
    t.csvUsername,
    ...(withEmail ? [t.csvEmail] : []),
    t.csvCheckedInAt,
    t.csvAddedByHand,
    t.csvStatus,
  ];
  const body = toCsv(
    header,
    rows.map((row) => [
      displayName(row),
      row.username,
      ...(withEmail ? [row.email ?? ""] : []),
      row.checkedInAt,
      row.addedBy !== null ? t.csvYes : t.csvNo,
      row.status === "pending" ? t.csvPending : t.csvPresent,
    ]),
  );
  return new Response(body, { headers: csvHeaders(`attendance-event-${postId}.csv`) });
}
