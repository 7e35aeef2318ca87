import { useId } from "react";
import { Dialog } from "./post/dialog";

/**
 * Asks before a destructive action, in a modal that traps and restores focus: the question,
 * Cancel and the action in the danger style; focus starts on the close button (the safe choice).
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <Dialog labelledBy={id} closeLabel={cancelLabel} onClose={onCancel} className="confirm-dialog">
      <h2 id={id} className="confirm-dialog__title">
        {title}
      </h2>
      <p>{message}</p>
      <div className="button-row confirm-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
