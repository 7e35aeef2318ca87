import { Trash2 } from "lucide-react";
import { useState } from "react";
import { m } from "../../../common/messages";
import { errorText } from "../../lib/use-resource";

/**
 * Deletes one of the user's own things (a message, a comment) after asking. The list removes
 * the item only once the server agreed, so nothing else on the screen (a draft, the scroll
 * position) is touched; a failure is announced and the item stays.
 */
export function DeleteOwnButton({
  label,
  confirmText,
  onDelete,
  className = "icon-button safety__action",
}: {
  label: string;
  confirmText: string;
  onDelete: () => Promise<void>;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    if (!window.confirm(confirmText)) return;
    setBusy(true);
    setError(null);
    try {
      await onDelete();
    } catch (cause) {
      setError(errorText(cause, m.safetyPage.failed));
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={busy}
        aria-label={label}
        title={label}
        onClick={() => void run()}
      >
        <Trash2 aria-hidden="true" size={16} />
      </button>
      {error ? (
        <span className="safety__status safety__status--error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
