import X from "lucide-react/icons/x";
import { type ReactNode, useEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * An accessible modal on the native <dialog> (the page behind is inert): it takes focus when
 * it opens, keeps Tab and Shift+Tab inside, closes on Esc, on the close button and on a click
 * on the backdrop, and gives focus back to what had it before.
 */
export function Dialog({
  labelledBy,
  closeLabel,
  onClose,
  className,
  children,
}: {
  labelledBy: string;
  closeLabel: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // A field marked data-autofocus-first (the comment box, opened by Comment) wins over the close button.
    (
      dialog.querySelector<HTMLElement>("[data-autofocus-first]") ??
      dialog.querySelector<HTMLElement>("[data-autofocus]")
    )?.focus();
    document.body.classList.add("has-dialog");
    return () => {
      document.body.classList.remove("has-dialog");
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : "dialog"}
      aria-labelledby={labelledBy}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        closeRef.current();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (event.target === ref.current) closeRef.current();
      }}
    >
      <div className="dialog__surface">
        <button
          type="button"
          className="icon-button dialog__close"
          onClick={() => closeRef.current()}
          aria-label={closeLabel}
          data-autofocus
        >
          <X aria-hidden="true" size={20} />
        </button>
        {children}
      </div>
    </dialog>
  );
}
