import { Link } from "@tanstack/react-router";
import Bell from "lucide-react/icons/bell";
import { format, m } from "../../common/messages";
import { useNoticeCounts } from "../lib/notice-count";

/**
 * The notification centre's bell, in the top bar of every page for signed-in people, beside
 * (never instead of) the Connections badge. It opens /notifications; its number is the
 * notices not yet read there.
 */
export function NoticeBell({ token }: { token: string | null }) {
  const { unread } = useNoticeCounts(token);
  const t = m.notices;
  const label = unread > 0 ? format(t.bellUnread, { count: unread }) : t.bell;
  return (
    <Link
      to="/notifications"
      className="topbar__bell icon-button"
      activeProps={{ "aria-current": "page" }}
      aria-label={label}
      title={label}
      data-testid="notice-bell"
    >
      <Bell aria-hidden="true" size={22} />
      {unread > 0 ? (
        <span className="badge topbar__bell-badge" aria-hidden="true" data-testid="notice-bell-count">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
