import Flag from "lucide-react/icons/flag";
import { m } from "../../../common/messages";
import { useResource } from "../../lib/use-resource";
import { useSession } from "../session-provider";

type Notice = { id: number; kind: string; created_at: string; seen: boolean };

const TEXT: Record<string, () => string> = {
  report_actioned: () => m.reports.noticeActioned,
  report_dismissed: () => m.reports.noticeDismissed,
};

/**
 * The reporter's notices: an admin acted on (or dismissed) something they reported. They count
 * on the notifications badge until seen; the latest three stay listed here either way.
 */
export function ReportNotices() {
  const { user } = useSession();
  const list = useResource(
    ["notifications", "notices"],
    (api) => api.get<Notice[]>("/api/notifications/notices?limit=20"),
    { enabled: !!user },
  );
  const notices = (list.data ?? []).filter((n) => n.kind in TEXT).slice(0, 3);
  if (notices.length === 0) return null;
  return (
    <section className="report-notices" aria-labelledby="report-notices-title" data-testid="report-notices">
      <h2 id="report-notices-title" className="report-notices__title">
        <Flag aria-hidden="true" size={16} />
        {m.reportUi.noticeTitle}
      </h2>
      <ul>
        {notices.map((notice) => (
          <li key={notice.id}>{TEXT[notice.kind]?.()}</li>
        ))}
      </ul>
    </section>
  );
}
