import { m } from "../../../common/messages";
import { csvHeaders, toCsv } from "../../lib/csv";
import type { Database } from "../../lib/database/client";
import type { SessionUser } from "../../lib/session-token";
import { displayName } from "../users/display-name";
import { listAttendanceForExport } from "./service";

/** The attendance of one event as a CSV download; e-mail addresses only for an admin. */
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
  ];
  const body = toCsv(
    header,
    rows.map((row) => [
      displayName(row),
      row.username,
      ...(withEmail ? [row.email ?? ""] : []),
      row.checkedInAt.toISOString(),
      row.addedBy !== null ? t.csvYes : t.csvNo,
    ]),
  );
  return new Response(body, { headers: csvHeaders(`attendance-event-${postId}.csv`) });
}
