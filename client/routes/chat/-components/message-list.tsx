import ArrowDown from "lucide-react/icons/arrow-down";
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { formatDateTime, formatShortTime } from "../../../../common/datetime";
import { m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";
import { HeldNote } from "../../../components/held-note";
import { truncateWords } from "../../../lib/truncate-words";
import { MentionText } from "./mention-text";

/** Auto-scroll follows new messages only when the reader is this close to the bottom (spec section 9). */
export const AUTO_SCROLL_THRESHOLD_PX = 80;

export function isNearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= AUTO_SCROLL_THRESHOLD_PX;
}

/** A message's text, cut to 500 words with a Show more / Show less toggle. */
function MessageText({ content }: { content: string }) {
  const [expanded, setExpanded] = useState(false);
  const cut = truncateWords(content);
  return (
    <>
      <p className="bubble__text">
        <MentionText text={expanded || !cut.truncated ? content : cut.text} />
      </p>
      {cut.truncated ? (
        <button type="button" className="link-button bubble__more" onClick={() => setExpanded((v) => !v)}>
          {expanded ? m.listCommon.showLess : m.listCommon.showMore}
        </button>
      ) : null}
    </>
  );
}

/**
 * The scrolling list of messages, oldest at the top. New messages scroll it down only when the
 * reader was within 80 px of the bottom (or just sent one); otherwise a "New messages" button
 * appears. Loading earlier messages keeps the reader's place.
 */
export function MessageList({
  messages,
  myId,
  showSenders,
  stickSignal,
  header,
  actions,
  below,
}: {
  messages: ChatMessage[];
  myId: number;
  showSenders: boolean;
  /** Changes when the user sends: always scroll to the bottom then. */
  stickSignal: number;
  header?: ReactNode;
  /** Buttons for one message (delete my own, block its sender), under its text. */
  actions?: (message: ChatMessage) => ReactNode;
  /** What shows under a message's time (read state under the person's last message). */
  below?: (message: ChatMessage) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ first: number | null; last: number | null; height: number }>({
    first: null,
    last: null,
    height: 0,
  });
  const [unseen, setUnseen] = useState(false);
  // Announce arriving messages, but not the history shown on opening.
  const [live, setLive] = useState(false);

  const scrollToBottom = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
    nearBottom.current = true;
    setUnseen(false);
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const first = messages[0]?.id ?? null;
    const last = messages[messages.length - 1]?.id ?? null;
    const before = previous.current;
    if (
      before.last !== null &&
      first !== null &&
      before.first !== null &&
      first < before.first &&
      last === before.last
    ) {
      // Earlier messages were added on top: keep what the reader was looking at in place.
      el.scrollTop += el.scrollHeight - before.height;
    } else if (last !== before.last) {
      if (nearBottom.current || before.last === null) scrollToBottom();
      else setUnseen(true);
    }
    previous.current = { first, last, height: el.scrollHeight };
    if (last !== null) setLive(true);
  }, [messages, scrollToBottom]);

  useLayoutEffect(() => {
    if (stickSignal > 0) scrollToBottom();
  }, [stickSignal, scrollToBottom]);

  return (
    <div className="message-list-wrap">
      <div
        ref={ref}
        className="message-list"
        data-testid="message-list"
        onScroll={(event) => {
          nearBottom.current = isNearBottom(event.currentTarget);
          if (nearBottom.current) setUnseen(false);
        }}
      >
        {header}
        <ol className="message-list__items" aria-live={live ? "polite" : "off"} aria-relevant="additions">
          {messages.map((message) => {
            const mine = message.sender_id === myId;
            return (
              <li
                key={message.id}
                className={mine ? "bubble bubble--mine" : "bubble"}
                data-testid="chat-message"
                data-message-id={message.id}
              >
                {showSenders && !mine ? (
                  // People by name and picture; the username is only the account's name.
                  <p className="bubble__sender">
                    <Avatar src={message.sender_picture_url} name={message.sender_display_name} size={24} />
                    {message.sender_display_name}
                  </p>
                ) : null}
                {mine ? <span className="visually-hidden">{m.listCommon.you}: </span> : null}
                <MessageText content={message.content} />
                {message.pending_review ? <HeldNote /> : null}
                <time
                  className="bubble__time"
                  dateTime={message.created_at}
                  title={formatDateTime(message.created_at)}
                >
                  {formatShortTime(message.created_at)}
                </time>
                {below?.(message)}
                {actions ? <div className="bubble__actions">{actions(message)}</div> : null}
              </li>
            );
          })}
        </ol>
      </div>
      {unseen ? (
        <button
          type="button"
          className="button button--primary button--small message-list__new"
          onClick={scrollToBottom}
        >
          <ArrowDown aria-hidden="true" size={16} />
          {m.chatPage.newMessages}
        </button>
      ) : null}
    </div>
  );
}
