import MoreHorizontal from "lucide-react/icons/more-horizontal";
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { type ChatMessage, EDIT_WINDOW_MS, type ReactionEmoji } from "../../../../common/api/chat";
import { m } from "../../../../common/messages";
import type { MenuAction } from "../../../components/action-menu";
import { Avatar } from "../../../components/avatar";
import { HeldNote } from "../../../components/held-note";
import { useMessageActions } from "../../../components/safety/message-actions";
import { errorText, useApi } from "../../../lib/use-resource";
import { type ChatModeration, moderationActions } from "../-lib/moderation-actions";
import type { Rect } from "../-lib/place-menu";
import { reactedWith, toggleReaction } from "../-lib/reactions";
import { BubbleEditor } from "./bubble-editor";
import { BubbleMenu, type BubbleMenuMode } from "./bubble-menu";
import { BubbleMeta, MessageText, metaText, ReplyQuote } from "./bubble-parts";
import { MessagePhoto } from "./message-photo";
import { ReactionChips } from "./reaction-chips";

const t = m.chatPage;
/** How long a finger rests on a bubble before its menu opens (as the platforms' long-press). */
const LONG_PRESS_MS = 450;
const MOVE_TOLERANCE_PX = 10;

/** What a bubble needs from its thread. */
export type BubbleContext = {
  myId: number;
  /** Club chat: runs of messages show their sender's name and picture. */
  showSenders: boolean;
  canBlock: boolean;
  /** False where the reader cannot send (a member in a club's Avisos): no Reply in the menu. */
  canReply?: boolean;
  /** The scrolling list (the menu stays within it where it can). */
  list: () => Element | null;
  onReply: (message: ChatMessage) => void;
  onJump: (id: number) => void;
  onReplace: (message: ChatMessage) => void;
  onDeleted: (message: ChatMessage) => void;
  onBlocked: (userId: number) => void;
  /** A club chat the viewer moderates (pin, delete others' messages). */
  moderation?: ChatModeration;
};

function canEdit(message: ChatMessage, mine: boolean): boolean {
  return (
    mine &&
    message.edited_at !== undefined &&
    !message.deleted &&
    !message.pending_review &&
    Date.now() - Date.parse(message.created_at) < EDIT_WINDOW_MS
  );
}

/**
 * One message as a chat app shows it: name and picture at the start of a run (club chats), the
 * time in the bubble's corner, a quote of what it answers, reactions under it. Its actions open
 * on long-press (touch), right-click or the ⋯ beside it (mouse), and Enter or the context-menu
 * key on the focused bubble (keyboard).
 */
export function Bubble({
  message,
  first,
  last,
  focusable,
  highlighted,
  below,
  ctx,
}: {
  message: ChatMessage;
  first: boolean;
  last: boolean;
  /** The one bubble of the list in the Tab order (the arrows move between them). */
  focusable: boolean;
  highlighted: boolean;
  /** Under the bubble (read state under the person's last message). */
  below?: ReactNode;
  ctx: BubbleContext;
}) {
  const api = useApi();
  const mine = message.sender_id === ctx.myId;
  const bubbleRef = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  const [menu, setMenu] = useState<{ anchor: Rect; mode: BubbleMenuMode } | null>(null);
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const deleted = !!message.deleted;

  const react = async (emoji: string) => {
    const had = reactedWith(message.reactions, emoji);
    setStatus(null);
    // The picker and the chips offer only the six.
    ctx.onReplace({ ...message, reactions: toggleReaction(message.reactions ?? [], emoji as ReactionEmoji) });
    try {
      const path = `/api/messages/${message.id}/reactions`;
      const updated = had
        ? await api.del<ChatMessage>(`${path}/${encodeURIComponent(emoji)}`)
        : await api.post<ChatMessage>(path, { json: { emoji } });
      if (updated && typeof updated === "object" && "id" in updated) ctx.onReplace(updated);
    } catch (cause) {
      ctx.onReplace(message);
      setStatus(errorText(cause, t.failedReact));
    }
  };

  const extra: MenuAction[] = [];
  if (!deleted && !message.pending_review) {
    if (message.reactions !== undefined)
      extra.push({ label: t.react, onSelect: () => open("react", opener.current) });
    if (message.reply_to !== undefined && ctx.canReply !== false)
      extra.push({ label: t.reply, onSelect: () => ctx.onReply(message) });
    if (canEdit(message, mine)) extra.push({ label: t.edit, onSelect: () => setEditing(true) });
  }
  extra.push(...moderationActions(message, mine, ctx.moderation));
  const safety = useMessageActions({
    message,
    myId: ctx.myId,
    canBlock: ctx.canBlock,
    onDeleted: () => ctx.onDeleted(message),
    onBlocked: ctx.onBlocked,
    extra,
  });
  const actions = deleted ? [] : safety.actions;

  function open(mode: BubbleMenuMode, from: HTMLElement | null) {
    const el = bubbleRef.current;
    if (!el || actions.length === 0 || editing) return;
    opener.current = from ?? el;
    setMenu({ anchor: rectOf(el)!, mode });
  }
  const close = () => {
    setMenu(null);
    (opener.current ?? bubbleRef.current)?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "Enter" || event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey)) {
      event.preventDefault();
      open("menu", event.currentTarget);
    }
  };
  const endPress = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };

  const showSender = ctx.showSenders && !mine && first;
  let body: ReactNode;
  if (editing) {
    body = (
      <BubbleEditor
        message={message}
        onDone={(updated) => {
          setEditing(false);
          if (updated) ctx.onReplace(updated);
          bubbleRef.current?.focus({ preventScroll: true });
        }}
      />
    );
  } else {
    const edited = !!message.edited_at && !deleted;
    const meta = <BubbleMeta createdAt={message.created_at} edited={edited} />;
    const room = metaText(message.created_at, edited);
    body = (
      <>
        {message.reply_to && !deleted ? (
          <ReplyQuote quote={message.reply_to} onJump={() => ctx.onJump(message.reply_to!.id)} />
        ) : null}
        {deleted ? null : <MessagePhoto message={message} />}
        {deleted ? (
          <MessageText content={t.deleted} meta={meta} room={room} deleted />
        ) : (
          <MessageText content={message.content} meta={meta} room={room} metaBelow={message.pending_review} />
        )}
        {message.pending_review ? <HeldNote /> : null}
      </>
    );
  }

  const classes = [
    "bubble-row",
    mine ? "bubble-row--mine" : "",
    first ? "bubble-row--first" : "",
    last ? "bubble-row--last" : "",
    ctx.showSenders && !mine ? "bubble-row--with-avatar" : "",
    highlighted ? "bubble-row--highlight" : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <li className={classes} data-testid="chat-message" data-message-id={message.id}>
      {ctx.showSenders && !mine ? (
        <div className="bubble-row__avatar" aria-hidden="true">
          {first ? (
            <Avatar src={message.sender_picture_url} name={message.sender_display_name} size={28} />
          ) : null}
        </div>
      ) : null}
      <div className="bubble-row__main">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a focusable message whose Enter opens its actions; the ⋯ button is the pointer's way */}
        <div
          ref={bubbleRef}
          className={["bubble", mine ? "bubble--mine" : "", deleted ? "bubble--deleted" : ""]
            .filter(Boolean)
            .join(" ")}
          data-bubble=""
          tabIndex={focusable ? 0 : -1}
          aria-describedby={actions.length ? "chat-bubble-hint" : undefined}
          onKeyDown={onKeyDown}
          onContextMenu={(event) => {
            if (editing || actions.length === 0) return;
            event.preventDefault();
            endPress();
            open("menu", event.currentTarget);
          }}
          onPointerDown={(event) => {
            if (event.pointerType !== "touch" || editing) return;
            const from = event.currentTarget;
            press.current = {
              x: event.clientX,
              y: event.clientY,
              timer: setTimeout(() => {
                press.current = null;
                open("menu", from);
              }, LONG_PRESS_MS),
            };
          }}
          onPointerMove={(event) => {
            const start = press.current;
            if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > MOVE_TOLERANCE_PX)
              endPress();
          }}
          onPointerUp={endPress}
          onPointerCancel={endPress}
        >
          {showSender ? <p className="bubble__sender">{message.sender_display_name}</p> : null}
          {mine ? <span className="visually-hidden">{m.listCommon.you}: </span> : null}
          {body}
        </div>
        {actions.length && !editing ? (
          <button
            type="button"
            className="icon-button bubble-row__more"
            aria-label={m.shellCommon.moreActions}
            aria-haspopup="menu"
            aria-expanded={!!menu}
            tabIndex={-1}
            onClick={(event) => (menu ? close() : open("menu", event.currentTarget))}
          >
            <MoreHorizontal aria-hidden="true" size={18} />
          </button>
        ) : null}
        {menu ? (
          <BubbleMenu
            anchor={menu.anchor}
            anchorOf={() => rectOf(bubbleRef.current)}
            boundary={ctx.list()}
            alignEnd={mine}
            mode={menu.mode}
            actions={actions}
            myReactions={new Set(message.reactions?.filter((r) => r.reacted_by_me).map((r) => r.emoji))}
            onReact={(emoji) => void react(emoji)}
            onClose={close}
          />
        ) : null}
      </div>
      {message.reactions?.length && !deleted ? (
        <ReactionChips reactions={message.reactions} onToggle={(emoji) => void react(emoji)} />
      ) : null}
      {below}
      <span className={status ? "bubble-row__status" : "visually-hidden"} role="status">
        {status ?? ""}
      </span>
      {safety.overlay}
    </li>
  );
}

function rectOf(el: Element | null): Rect | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
}
