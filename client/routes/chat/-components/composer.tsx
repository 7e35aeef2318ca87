import Send from "lucide-react/icons/send";
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { m } from "../../../../common/messages";
import { Alert, MultiLine } from "../../../components/form";
import { useApi } from "../../../lib/use-resource";
import type { ChatTarget } from "../-lib/chat-fetch";
import { useMentionPicker } from "./mention-picker";

const t = m.chatPage;

/**
 * The message box. The text is trimmed and an empty message is ignored; on failure the text
 * stays in the box and the server's reason (for example the mute message) is shown.
 */
export function Composer({
  target,
  onSent,
  onTyping,
  blockedReason = null,
}: {
  target: ChatTarget;
  onSent: (message: ChatMessage) => void;
  /** Called as the person types (the thread tells the other side, at most every few seconds). */
  onTyping?: () => void;
  /** Why messages cannot be sent here (a block): shown, and the box is disabled. */
  blockedReason?: string | null;
}) {
  const api = useApi();
  const [value, setValue] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionPicker({
    clubId: target.type === "club" ? target.id : null,
    value,
    onPick: (text, caret) => {
      setValue(text);
      requestAnimationFrame(() => box.current?.setSelectionRange(caret, caret));
    },
  });

  const send = async () => {
    const content = value.trim();
    if (!content || sending) return;
    setSending(true);
    setError(null);
    try {
      const message = await api.post<ChatMessage>(`/api/messages/${target.type}/${target.id}`, {
        json: { content },
        fallback: t.failedSend,
      });
      setValue("");
      onSent(message);
    } catch (cause) {
      setError((cause as Error).message || t.failedSend);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form className="chat-composer" onSubmit={onSubmit}>
      {blockedReason ? (
        <p className="alert alert--info chat-composer__blocked" id={`${id}-blocked`}>
          {blockedReason}
        </p>
      ) : null}
      {error ? (
        <div className="chat-composer__error" id={`${id}-error`}>
          <Alert>
            <MultiLine text={error} />
          </Alert>
        </div>
      ) : null}
      {mentions.list}
      <div className="chat-composer__row">
        <label htmlFor={id} className="visually-hidden">
          {t.messageLabel}
        </label>
        <textarea
          ref={box}
          id={id}
          {...mentions.inputProps}
          className="textarea chat-composer__input"
          rows={1}
          value={value}
          placeholder={t.placeholder}
          maxLength={4000}
          disabled={!!blockedReason}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}${blockedReason ? ` ${id}-blocked` : ""}`}
          onChange={(event) => {
            setValue(event.target.value);
            mentions.onInput(event.target.value, event.target.selectionStart);
            if (event.target.value.trim()) onTyping?.();
          }}
          onSelect={(event) =>
            mentions.onInput(event.currentTarget.value, event.currentTarget.selectionStart)
          }
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="button button--primary chat-composer__send"
          disabled={sending || !!blockedReason}
        >
          <Send aria-hidden="true" size={18} />
          <span className="chat-composer__send-label">{sending ? t.sending : t.send}</span>
        </button>
      </div>
      <p className="visually-hidden" id={`${id}-hint`}>
        {t.enterHint}
        {target.type === "club" ? ` ${m.mentions.hint}` : ""}
      </p>
    </form>
  );
}
