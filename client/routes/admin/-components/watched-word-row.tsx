import Trash from "lucide-react/icons/trash-2";
import { useId, useState } from "react";
import type { WatchedWord } from "../../../../common/api/watched-words";
import { format, m } from "../../../../common/messages";
import { WATCHED_WORD_ACTIONS, type WatchedWordAction } from "../../../../common/watched-words";
import { failureText } from "../../../components/admin-panel/failure-text";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import type { Notice } from "../../../components/form";
import { useApi } from "../../../lib/use-resource";

const t = m.watchedWordsPage;

/** One entry: its word, what happens (changed in place), and Delete behind a confirmation. */
export function WatchedWordRow({
  entry,
  onChanged,
  onDeleted,
  onNotice,
}: {
  entry: WatchedWord;
  onChanged: (entry: WatchedWord) => void;
  onDeleted: () => void;
  onNotice: (notice: Notice) => void;
}) {
  const api = useApi();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const change = async (action: WatchedWordAction) => {
    setBusy(true);
    try {
      const saved = await api.put<WatchedWord>(`/api/admin/watched-words/${entry.id}`, {
        json: { action },
        fallback: t.failedSave,
      });
      onChanged(saved);
      onNotice({ kind: "success", text: t.saved });
    } catch (error) {
      onNotice({ kind: "error", text: failureText(error, t.failedSave) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await api.del(`/api/admin/watched-words/${entry.id}`, { fallback: t.failedSave });
      setConfirming(false);
      onDeleted();
    } catch (error) {
      setConfirming(false);
      onNotice({ kind: "error", text: failureText(error, t.failedSave) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="watched-word" data-testid="watched-word">
      <span className="watched-word__word" lang="">
        {entry.word}
      </span>
      <label className="visually-hidden" htmlFor={`${id}-action`}>
        {format(t.actionFor, { word: entry.word })}
      </label>
      <select
        id={`${id}-action`}
        className="input watched-word__action"
        value={entry.action}
        disabled={busy}
        onChange={(event) => void change(event.target.value as WatchedWordAction)}
      >
        {WATCHED_WORD_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {t.actions[a]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={busy}
        aria-label={format(t.deleteLabel, { word: entry.word })}
        onClick={() => setConfirming(true)}
      >
        <Trash aria-hidden="true" size={16} />
        {t.delete}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={format(t.deleteTitle, { word: entry.word })}
          message={t.deleteBody}
          confirmLabel={t.delete}
          cancelLabel={t.cancel}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
