import type { LucideIcon } from "lucide-react";
import { useState } from "react";
import { m } from "../../../common/messages";
import { errorText } from "../../lib/use-resource";
import { askToConfirm } from "../confirm-host";

/**
 * A small icon button for an action that asks first (block someone, delete one's own message).
 * It stays disabled while the action runs and, on success, while the list removes its item, so
 * it cannot be pressed twice; a failure is announced beside it and the item stays.
 */
export function ConfirmedActionButton({
  icon: Icon,
  label,
  confirmText,
  action,
  className = "icon-button safety__action",
}: {
  icon: LucideIcon;
  label: string;
  confirmText: string;
  action: () => Promise<void>;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    if (!(await askToConfirm({ message: confirmText }))) return;
    setBusy(true);
    setError(null);
    try {
      await action();
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
        <Icon aria-hidden="true" size={16} />
      </button>
      {error ? (
        <span className="safety__status safety__status--error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
