import { Link } from "@tanstack/react-router";
import Flag from "lucide-react/icons/flag";
import ScrollText from "lucide-react/icons/scroll-text";
import ShieldAlert from "lucide-react/icons/shield-alert";
import type { ReportCount } from "../../../common/api/reports";
import { format, m } from "../../../common/messages";
import { useResource } from "../../lib/use-resource";

/** The Admin panel's links to the report queue (with the number of open reports), the audit log and the watched words. */
export function ModerationLinks() {
  const count = useResource(["admin", "reports-count"], (api) =>
    api.get<ReportCount>("/api/admin/reports/count"),
  );
  const open = count.data?.open_reports ?? 0;
  return (
    <>
      <li>
        <Link
          to="/admin/reports"
          className="button button--secondary button--small"
          data-testid="reports-link"
        >
          <Flag aria-hidden="true" size={16} />
          {m.reportQueuePage.link}
          {open > 0 ? (
            <span className="badge" data-testid="open-reports">
              {format(m.reportQueuePage.openCount, { count: open })}
            </span>
          ) : null}
        </Link>
      </li>
      <li>
        <Link to="/admin/audit" className="button button--secondary button--small">
          <ScrollText aria-hidden="true" size={16} />
          {m.auditPage.link}
        </Link>
      </li>
      <li>
        <Link to="/admin/watched-words" className="button button--secondary button--small">
          <ShieldAlert aria-hidden="true" size={16} />
          {m.watchedWordsPage.link}
        </Link>
      </li>
    </>
  );
}
