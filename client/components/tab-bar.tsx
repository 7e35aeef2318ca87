import { Link, useRouterState } from "@tanstack/react-router";
import Compass from "lucide-react/icons/compass";
import House from "lucide-react/icons/house";
import MessageCircle from "lucide-react/icons/message-circle";
import UserRound from "lucide-react/icons/user-round";
import { format, m } from "../../common/messages";
import { splitBadge } from "../lib/badge-labels";
import { useNoticeCounts } from "../lib/notice-count";
import { useNotificationCount } from "../lib/unread-count";
import { useSession } from "./session-provider";

/**
 * The phone's bottom tab bar (design brief: where thumbs are): Home, Clubs, Chats, Profile for
 * signed-in people, hidden from 1280 px where the top bar shows every link. Chats carries the
 * unread messages (the top bar's Connections keeps the spec's whole number).
 */
export function TabBar() {
  const { user, token } = useSession();
  const badge = useNotificationCount(token);
  const counts = useNoticeCounts(token);
  // Chats counts messages only: the spec's badge less the requests (shown on Connections'
  // Requests tab) and the notices it counts until seen (both from the bell's poll).
  const unread = splitBadge(badge, counts).messages;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (!user) return null;
  // An open chat belongs to the Chats tab too.
  const inChats = pathname === "/chats" || pathname.startsWith("/chats/") || pathname.startsWith("/chat/");
  const t = m.tabBar;
  const active = { "aria-current": "page" as const };
  return (
    <nav className="tabbar" aria-label={t.label} data-testid="tab-bar">
      <Link to="/home" className="tabbar__item" activeProps={active}>
        <House aria-hidden="true" size={22} />
        <span className="tabbar__label">{t.home}</span>
      </Link>
      <Link
        to="/clubs"
        className="tabbar__item"
        activeProps={active}
        activeOptions={{ includeSearch: false }}
      >
        <Compass aria-hidden="true" size={22} />
        <span className="tabbar__label">{t.clubs}</span>
      </Link>
      <Link to="/chats" className="tabbar__item" aria-current={inChats ? "page" : undefined}>
        <span className="tabbar__icon">
          <MessageCircle aria-hidden="true" size={22} />
          {unread > 0 ? (
            <span
              className="badge tabbar__badge"
              data-testid="tab-unread-badge"
              aria-hidden="true"
              title={format(m.nav.badgeMessages, { count: unread })}
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </span>
        <span className="tabbar__label">{t.chats}</span>
        {unread > 0 ? (
          <span className="visually-hidden">{format(m.nav.badgeMessages, { count: unread })}</span>
        ) : null}
      </Link>
      <Link to="/profile" className="tabbar__item" activeProps={active}>
        <UserRound aria-hidden="true" size={22} />
        <span className="tabbar__label">{t.profile}</span>
      </Link>
    </nav>
  );
}
