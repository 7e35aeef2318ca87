import { useRouterState } from "@tanstack/react-router";
import Shield from "lucide-react/icons/shield";
import X from "lucide-react/icons/x";
import { type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { m } from "../../../common/messages";
import { useSession } from "../session-provider";
import { useTuckedWhileScrolling } from "./use-tucked-while-scrolling";

const AdminPanel = lazy(() => import("./admin-panel"));
const t = m.adminPages;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The floating Admin panel, shown to admins on every page (spec section 2). It is a modal
 * drawer: focus moves into it, Tab stays inside, Esc or the close button closes it and focus
 * returns to the button. Its contents load only when an admin first opens it.
 */
export function AdminPanelButton() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const tucked = useTuckedWhileScrolling() && !open;

  const close = useCallback(() => {
    setOpen(false);
    requestAnimationFrame(() => buttonRef.current?.focus());
  }, []);

  useEffect(() => {
    // A link inside the panel (owner requests, dummies) navigates: the panel gets out of the way.
    void pathname;
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== "Tab" || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (user?.role !== "admin") return null;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={tucked ? "admin-fab admin-fab--tucked" : "admin-fab"}
        data-tucked={tucked || undefined}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Shield aria-hidden="true" size={20} />
        <span className="admin-fab__label">{t.openPanel}</span>
      </button>
      {open ? (
        <>
          <div className="admin-backdrop" aria-hidden="true" onClick={close} />
          <div
            id={panelId}
            ref={panelRef}
            className="admin-panel"
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            tabIndex={-1}
            onKeyDown={onKeyDown}
          >
            <div className="admin-panel__header">
              <h2 id={titleId}>{t.panelTitle}</h2>
              <button type="button" className="icon-button" onClick={close}>
                <X aria-hidden="true" size={20} />
                <span className="visually-hidden">{t.closePanel}</span>
              </button>
            </div>
            <Suspense fallback={<p>{m.shellCommon.loading}</p>}>
              <AdminPanel />
            </Suspense>
          </div>
        </>
      ) : null}
    </>
  );
}
