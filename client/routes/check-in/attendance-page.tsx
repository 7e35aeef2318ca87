import Download from "lucide-react/icons/download";
import { useState } from "react";
import { m } from "../../../common/messages";
import { Alert } from "../../components/form";
import { downloadFile } from "../../lib/download-file";
import { AttendanceList } from "./-components/attendance-list";
import { CodePanel } from "./-components/code-panel";
import { attendanceRoute } from "./route";

const t = m.checkIns;

/**
 * "Registrar asistencia": the owner's phone shows the rotating code (QR and digits) on top,
 * and below it the list filling in as people check in, with Mark present for the others.
 */
export function AttendancePage() {
  const { postId } = attendanceRoute.useParams();
  const id = Number(postId);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    try {
      await downloadFile({
        path: `/api/posts/${id}/check-ins.csv`,
        fallbackName: `attendance-event-${id}.csv`,
        fallback: t.failedLoad,
      });
    } catch (cause) {
      setError((cause as Error).message || t.failedLoad);
    }
  };
  return (
    <div className="page attendance-page">
      <div className="page__header">
        <h1 className="page__title">{t.takeAttendance}</h1>
      </div>
      <div className="attendance-page__layout">
        <CodePanel postId={id} />
        <div>
          <AttendanceList postId={id} />
          <button type="button" className="button button--secondary" onClick={() => void download()}>
            <Download aria-hidden="true" size={18} />
            {t.downloadCsv}
          </button>
          {error ? <Alert>{error}</Alert> : null}
        </div>
      </div>
    </div>
  );
}
