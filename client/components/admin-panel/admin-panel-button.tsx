import { Shield, X } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { m } from "../../messages";
import { useSession } from "../session-provider";

const AdminPanel = lazy(() => import("./admin-panel"));

/** The floating Admin panel button, shown to admins on every page (spec section 2). */
export function AdminPanelButton() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  if (user?.role !== "admin") return null;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="admin-fab"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <Shield aria-hidden="true" size={20} />
        {m.web.admin.open}
      </button>
      {open ? (
        <div
          id={panelId}
          ref={panelRef}
          className="admin-panel"
          role="dialog"
          aria-label={m.web.admin.title}
          tabIndex={-1}
        >
          <div className="admin-panel__header">
            <h2>{m.web.admin.title}</h2>
            <button
              type="button"
              className="icon-button"
              onClick={() => {
                setOpen(false);
                buttonRef.current?.focus();
              }}
            >
              <X aria-hidden="true" size={20} />
              <span className="visually-hidden">{m.web.admin.close}</span>
            </button>
          </div>
          <Suspense fallback={<p>{m.web.common.loading}</p>}>
            <AdminPanel />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
