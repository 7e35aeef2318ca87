import ArrowDown from "lucide-react/icons/arrow-down";
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type { ChatMessage } from "../../../../common/api/chat";
import { m } from "../../../../common/messages";
import { isNearBottom, type ListSnapshot, placeArrival } from "../-lib/arrival-placement";
import { groupMessages } from "../-lib/group-messages";
import type { OutboxItem } from "../-lib/outbox";
import { Bubble, type BubbleContext } from "./bubble";
import { PendingBubble } from "./pending-bubble";

type Row = { sender_id: number; created_at: string } & (
  | { kind: "sent"; value: ChatMessage }
  | { kind: "pending"; value: OutboxItem }
);

/** Up and Down move between the bubbles (the list is one Tab stop), Home and End to the ends. */
function moveBetweenBubbles(event: KeyboardEvent<HTMLOListElement>) {
  const here = event.target as HTMLElement;
  if (!here.hasAttribute("data-bubble")) return;
  const bubbles = [...event.currentTarget.querySelectorAll<HTMLElement>("[data-bubble]")];
  const at = bubbles.indexOf(here);
  const next =
    event.key === "ArrowDown"
      ? at + 1
      : event.key === "ArrowUp"
        ? at - 1
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? bubbles.length - 1
            : null;
  if (next === null) return;
  event.preventDefault();
  bubbles[Math.max(0, Math.min(next, bubbles.length - 1))]?.focus();
}

/**
 * The scrolling list of messages, oldest at the top. New messages scroll it down only when the
 * reader was within 80 px of the bottom (or just sent one); otherwise a "New messages" button
 * appears. Loading earlier messages keeps the reader's place.
 */
export function MessageList({
  messages,
  pending,
  stickSignal,
  header,
  ctx,
  listRef,
  highlightId,
  onRetry,
  below,
}: {
  messages: ChatMessage[];
  /** The outbox: sent by the person, not confirmed yet, shown after the messages. */
  pending: OutboxItem[];
  /** Changes when the user sends: always scroll to the bottom then. */
  stickSignal: number;
  header?: ReactNode;
  ctx: BubbleContext;
  listRef: RefObject<HTMLDivElement | null>;
  /** A message just gone to (from a quote): marked for a moment. */
  highlightId: number | null;
  onRetry: (clientId: string) => void;
  /** What shows under a message (read state under the person's last message). */
  below?: (message: ChatMessage) => ReactNode;
}) {
  const ref = listRef;
  // The one bubble in the Tab order (the newest, until the reader moves with the arrows).
  const [activeId, setActiveId] = useState<number | null>(null);
  const previous = useRef<ListSnapshot>({
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
    setUnseen(false);
  }, [ref]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const first = messages[0]?.id ?? null;
    const last = messages[messages.length - 1]?.id ?? null;
    const now = { first, last, height: el.scrollHeight };
    const placement = placeArrival(previous.current, now, el);
    if (placement === "keep-place") el.scrollTop += now.height - previous.current.height;
    else if (placement === "to-bottom") scrollToBottom();
    else if (placement === "mark-unseen") setUnseen(true);
    else if (placement === "hold-bottom") el.scrollTop = now.height;
    previous.current = now;
    if (last !== null) setLive(true);
  }, [messages, scrollToBottom, ref]);

  useLayoutEffect(() => {
    if (stickSignal > 0) scrollToBottom();
  }, [stickSignal, scrollToBottom]);

  const rows = groupMessages([
    ...messages.map(
      (value): Row => ({ kind: "sent", value, sender_id: value.sender_id, created_at: value.created_at }),
    ),
    ...pending.map(
      (value): Row => ({ kind: "pending", value, sender_id: ctx.myId, created_at: value.created_at }),
    ),
  ]);
  const tabStop =
    activeId !== null && messages.some((message) => message.id === activeId)
      ? activeId
      : (messages.at(-1)?.id ?? null);

  return (
    <div className="message-list-wrap">
      <div
        ref={ref}
        className="message-list"
        data-testid="message-list"
        onScroll={(event) => {
          if (isNearBottom(event.currentTarget)) setUnseen(false);
        }}
      >
        {header}
        <ol
          className="message-list__items"
          aria-live={live ? "polite" : "off"}
          aria-relevant="additions"
          onFocus={(event) => {
            const id = Number(
              (event.target as HTMLElement).closest<HTMLElement>("[data-message-id]")?.dataset.messageId,
            );
            if (id && (event.target as HTMLElement).hasAttribute("data-bubble")) setActiveId(id);
          }}
          onKeyDown={moveBetweenBubbles}
        >
          {rows.map((row) =>
            row.message.kind === "sent" ? (
              <Bubble
                key={row.message.value.id}
                message={row.message.value}
                first={row.first}
                last={row.last}
                focusable={row.message.value.id === tabStop}
                highlighted={row.message.value.id === highlightId}
                below={below?.(row.message.value)}
                ctx={ctx}
              />
            ) : (
              <PendingBubble
                key={row.message.value.client_id}
                item={row.message.value}
                first={row.first}
                last={row.last}
                onRetry={onRetry}
              />
            ),
          )}
        </ol>
        <p id="chat-bubble-hint" className="visually-hidden">
          {m.chatPage.actionsHint}
        </p>
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
