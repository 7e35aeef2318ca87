import Send from "lucide-react/icons/send";
import X from "lucide-react/icons/x";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { format, m } from "../../../../common/messages";
import { Alert, MultiLine } from "../../../components/form";
import type { ChatTarget } from "../-lib/chat-fetch";
import { useMentionPicker } from "./mention-picker";
import { usePhotoAttach } from "./photo-attach";

const t = m.chatPage;

/** A send the server refused (muted, too long): its text comes back to the box with the reason. */
export type Refusal = { text: string; reason: string; seq: number };

/**
 * The message box. The text is trimmed and an empty message is ignored; a message goes to the
 * outbox (shown at once, sent in the background) and the box empties. A refused one comes back
 * with the server's reason (for example the mute message). Above the box, the message being
 * answered (Escape or its button cancels).
 */
export function Composer({
  target,
  onSend,
  replyTo,
  onCancelReply,
  refusal,
  onTyping,
  blockedReason = null,
}: {
  target: ChatTarget;
  onSend: (content: string, image: File | null) => void;
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  refusal: Refusal | null;
  /** Called as the person types (the thread tells the other side, at most every few seconds). */
  onTyping?: () => void;
  /** Why messages cannot be sent here (a block): shown, and the box is disabled. */
  blockedReason?: string | null;
}) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionPicker({
    clubId: target.type === "club" || target.type === "announcements" ? target.id : null,
    value,
    onPick: (text, caret) => {
      setValue(text);
      requestAnimationFrame(() => box.current?.setSelectionRange(caret, caret));
    },
  });

  // A refused message: its text back in the box (unless something new is being typed), and why.
  useEffect(() => {
    if (!refusal) return;
    setValue((now) => (now.trim() ? now : refusal.text));
    setError(refusal.reason);
  }, [refusal]);

  // Choosing Reply puts the cursor in the box.
  useEffect(() => {
    if (replyTo) box.current?.focus();
  }, [replyTo]);

  const photo = usePhotoAttach({ disabled: !!blockedReason, onError: setError });

  const send = () => {
    const content = value.trim();
    if ((!content && !photo.file) || blockedReason) return;
    setError(null);
    setValue("");
    onSend(content, photo.file);
    photo.clear();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === "Escape" && replyTo) {
      event.preventDefault();
      onCancelReply();
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
      {replyTo ? (
        <div className="chat-composer__reply" id={`${id}-reply`}>
          <div className="chat-composer__reply-quote">
            <span className="reply-quote__name">
              {format(t.replyingTo, { name: replyTo.sender_display_name })}
            </span>
            <span className="reply-quote__text">{replyTo.content}</span>
          </div>
          <button
            type="button"
            className="icon-button chat-composer__reply-cancel"
            aria-label={t.cancelReply}
            onClick={() => {
              onCancelReply();
              box.current?.focus();
            }}
          >
            <X aria-hidden="true" size={18} />
          </button>
        </div>
      ) : null}
      {mentions.list}
      {photo.preview}
      <div className="chat-composer__row">
        {photo.button}
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
          aria-describedby={`${replyTo ? `${id}-reply ` : ""}${id}-hint${error ? ` ${id}-error` : ""}${blockedReason ? ` ${id}-blocked` : ""}`}
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
          disabled={!!blockedReason}
        >
          <Send aria-hidden="true" size={18} />
          <span className="chat-composer__send-label">{t.send}</span>
        </button>
      </div>
      <p className="visually-hidden" id={`${id}-hint`}>
        {t.enterHint}
        {target.type === "club" || target.type === "announcements" ? ` ${m.mentions.hint}` : ""}
      </p>
    </form>
  );
}
