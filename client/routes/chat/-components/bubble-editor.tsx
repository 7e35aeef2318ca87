import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { type ChatMessage, MAX_MESSAGE_LENGTH } from "../../../../common/api/chat";
import { m } from "../../../../common/messages";
import { errorText, useApi } from "../../../lib/use-resource";

const t = m.chatPage;

/** Edits the person's own message in place (PATCH, within 15 minutes): Enter saves, Escape cancels. */
export function BubbleEditor({
  message,
  onDone,
}: {
  message: ChatMessage;
  /** The saved message, or null when cancelled (or nothing changed). */
  onDone: (updated: ChatMessage | null) => void;
}) {
  const api = useApi();
  const [value, setValue] = useState(message.content);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  useEffect(() => {
    const el = box.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const save = async () => {
    const content = value.trim();
    if (!content || saving) return;
    if (content === message.content) return onDone(null);
    setSaving(true);
    setError(null);
    try {
      onDone(
        await api.patch<ChatMessage>(`/api/messages/${message.id}`, {
          json: { content },
          fallback: t.failedEdit,
        }),
      );
    } catch (cause) {
      setError(errorText(cause, t.failedEdit));
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onDone(null);
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <form
      className="bubble-editor"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t.editLabel}
      </label>
      <textarea
        ref={box}
        id={id}
        className="textarea bubble-editor__input"
        value={value}
        maxLength={MAX_MESSAGE_LENGTH}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="visually-hidden">
        {t.editHint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="bubble-editor__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="bubble-editor__actions">
        <button type="button" className="button button--ghost button--small" onClick={() => onDone(null)}>
          {t.cancel}
        </button>
        <button type="submit" className="button button--secondary button--small" disabled={saving}>
          {t.save}
        </button>
      </div>
    </form>
  );
}
