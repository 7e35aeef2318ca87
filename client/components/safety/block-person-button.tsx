import { Ban } from "lucide-react";
import { useState } from "react";
import { format, m } from "../../../common/messages";
import { errorText, useApi } from "../../lib/use-resource";
import { useBlocksChanged } from "./block-cache";

const t = m.safetyPage;

/**
 * A small Block button beside someone's message or comment. It asks first, blocks silently,
 * then lets the list hide that person's items (`onBlocked`); a failure is announced.
 */
export function BlockPersonButton({
  userId,
  name,
  onBlocked,
}: {
  userId: number;
  name: string;
  onBlocked: (userId: number) => void;
}) {
  const api = useApi();
  const blocksChanged = useBlocksChanged();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const block = async () => {
    if (!window.confirm(format(t.blockConfirm, { name }))) return;
    setBusy(true);
    setError(null);
    try {
      await api.put(`/api/blocks/${userId}`);
      onBlocked(userId);
      blocksChanged();
    } catch (cause) {
      setError(errorText(cause, t.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="icon-button safety__action"
        disabled={busy}
        aria-label={format(t.blockNamed, { name })}
        title={format(t.blockNamed, { name })}
        onClick={() => void block()}
      >
        <Ban aria-hidden="true" size={16} />
      </button>
      {error ? (
        <span className="safety__status safety__status--error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
