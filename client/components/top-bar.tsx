import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import LogOut from "lucide-react/icons/log-out";
import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { useEffect, useId, useRef, useState } from "react";
import { format, m } from "../../common/messages";
import { badgeLabel } from "../lib/badge-labels";
import { useNoticeCounts } from "../lib/notice-count";
import { forgetPushHere } from "../lib/push";
import { useNotificationCount } from "../lib/unread-count";
import { useApi } from "../lib/use-api";
import { LanguageSwitch } from "./language-switch";
import { NoticeBell } from "./notice-bell";
import { useSession } from "./session-provider";

const t = m.nav;

/** The spec's number, named by what it counts (read aloud, and a tooltip for the eye). */
function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="badge" data-testid="unread-badge" title={label}>
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/**
 * The top bar of every page (spec section 2). Guests see Log in and Sign up (plain links, so
 * they work before JavaScript); signed-in users get the app links, which fold into a menu on
 * phones (where the bottom tab bar, client/components/tab-bar.tsx, holds the everyday ones).
 * The menu button's badge sits beside its icon, never over it.
 */
export function TopBar() {
  const { user, token, signOut } = useSession();
  const navigate = useNavigate();
  const api = useApi();
  const unread = useNotificationCount(token);
  const label = badgeLabel(unread, useNoticeCounts(token));
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  useEffect(() => {
    // Close the phone menu after navigating.
    void pathname;
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const logOut = () => {
    // The server revokes this token (POST /logout). Not awaited: the session ends here at once,
    // also offline, where the token simply stays unused until it expires.
    if (token) api.post("/logout", { token }).catch(() => {});
    // The log-out ends this browser's pushes on the server; the browser forgets its subscription.
    forgetPushHere().catch(() => {});
    signOut();
    setOpen(false);
    void navigate({ to: "/" });
  };

  return (
    <header className="topbar">
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <div className="topbar__inner">
        <Link to="/" className="topbar__logo">
          {t.logo}
        </Link>
        {user ? (
          <>
            <button
              ref={buttonRef}
              type="button"
              className="topbar__menu-button icon-button"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
              <span className="visually-hidden">{open ? t.closeMenu : t.menu}</span>
              {!open ? <Badge count={unread} label={label} /> : null}
            </button>
            <nav
              id={menuId}
              aria-label={t.mainNav}
              className={open ? "topbar__nav topbar__nav--open" : "topbar__nav"}
            >
              <ul className="topbar__links">
                <li>
                  <Link to="/home" className="topbar__link" activeProps={{ "aria-current": "page" }}>
                    {t.home}
                  </Link>
                </li>
                <li>
                  <Link to="/clubs" className="topbar__link" activeProps={{ "aria-current": "page" }}>
                    {t.clubs}
                  </Link>
                </li>
                <li>
                  <Link to="/events" className="topbar__link" activeProps={{ "aria-current": "page" }}>
                    {t.events}
                  </Link>
                </li>
                <li>
                  <Link to="/my-clubs" className="topbar__link" activeProps={{ "aria-current": "page" }}>
                    {t.myClubs}
                  </Link>
                </li>
                <li>
                  <Link to="/connections" className="topbar__link" activeProps={{ "aria-current": "page" }}>
                    {t.connections}
                    <Badge count={unread} label={label} />
                    {unread > 0 ? (
                      <span className="topbar__badge-note" aria-hidden="true">
                        {t.badgeShort}
                      </span>
                    ) : null}
                  </Link>
                </li>
                <li>
                  <Link to="/chats" className="topbar__link" activeProps={{ "aria-current": "page" }}>
                    {m.tabBar.chats}
                  </Link>
                </li>
              </ul>
              <div className="topbar__account">
                <LanguageSwitch className="language-switch topbar__language" />
                <Link to="/profile" className="topbar__greeting" data-testid="greeting">
                  {format(t.greeting, { username: user.username })}
                </Link>
                <button type="button" className="button button--ghost" onClick={logOut}>
                  <LogOut aria-hidden="true" size={18} />
                  {t.logOut}
                </button>
              </div>
            </nav>
            <NoticeBell token={token} />
          </>
        ) : (
          <div className="topbar__guest">
            <LanguageSwitch className="language-switch topbar__language" />
            <nav aria-label={t.mainNav} className="topbar__guest">
              <Link to="/login" className="topbar__link">
                {t.logIn}
              </Link>
              <Link to="/signup" className="button button--primary button--small">
                {t.signUp}
              </Link>
            </nav>
          </div>
        )}
      </div>
    </header>
  );
}
