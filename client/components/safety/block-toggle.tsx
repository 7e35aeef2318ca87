import Ban from "lucide-react/icons/ban";
import { useState } from "react";
import type { BlockState } from "../../../common/api/blocks";
import { format, m } from "../../../common/messages";
import { errorText, useApi, useResource } from "../../lib/use-resource";
import { askToConfirm } from "../confirm-host";
import { useBlocksChanged } from "./block-cache";

const t = m.safetyPage;

/**
 * Block / Unblock on a person's profile. Blocking asks first (it is silent to them); the state
 * comes from the server, so a block made elsewhere (a message, a comment) shows here too.
 */
export function BlockToggle({ userId, name }: { userId: number; name: string }) {
  const api = useApi();
  const blocksChanged = useBlocksChanged();
  const state = useResource(["blocks", userId], (a) => a.get<BlockState>(`/api/blocks/${userId}`));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  if (!state.data) return null;
  const blocked = state.data.blocked;

  const toggle = async () => {
    if (
      !blocked &&
      !(await askToConfirm({
        message: format(t.blockConfirm, { name }),
        confirmLabel: m.safetyPage.block,
      }))
    )
      return;
    setBusy(true);
    setStatus(null);
    try {
      if (blocked) await api.del(`/api/blocks/${userId}`);
      else await api.put(`/api/blocks/${userId}`);
      await state.reload();
      blocksChanged();
      setStatus({ error: false, text: format(blocked ? t.unblockedToast : t.blockedToast, { name }) });
    } catch (error) {
      setStatus({ error: true, text: errorText(error, t.failed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={blocked ? "button button--secondary button--small" : "button button--ghost button--small"}
        disabled={busy}
        aria-label={format(blocked ? t.unblockNamed : t.blockNamed, { name })}
        onClick={() => void toggle()}
      >
        <Ban aria-hidden="true" size={16} />
        {blocked ? t.unblock : t.block}
      </button>
      <span className="safety__status" role={status?.error ? "alert" : "status"}>
        {status?.text ?? ""}
      </span>
    </>
  );
}
