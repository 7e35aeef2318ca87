import Pin from "lucide-react/icons/pin";
import type { ChatMessage } from "../../../../common/api/chat";
import { format, m } from "../../../../common/messages";

const t = m.chatPins;

/**
 * The club chat's pinned message, on top of the messages: the whole banner is one button that
 * scrolls to the message (and loads its page if it is older); a moderator also sees Unpin.
 */
export function PinnedBanner({
  message,
  onJump,
  onUnpin,
}: {
  message: ChatMessage;
  onJump: (id: number) => void;
  /** Null unless the viewer moderates this chat. */
  onUnpin: (() => void) | null;
}) {
  const name = message.sender_display_name;
  return (
    <div className="chat-pin" data-testid="pinned-message">
      {/* Named by what it shows (the visible text leads its name), then where it goes. */}
      <button type="button" className="chat-pin__jump" onClick={() => onJump(message.id)}>
        <Pin aria-hidden="true" size={16} className="chat-pin__icon" />
        <span className="chat-pin__text">
          <span className="chat-pin__label">{format(t.bannerFrom, { name })}</span>
          <span className="chat-pin__content">{message.content}</span>
        </span>
        <span className="visually-hidden"> {t.jump}</span>
      </button>
      {onUnpin ? (
        <button
          type="button"
          className="button button--ghost button--small chat-pin__unpin"
          onClick={onUnpin}
        >
          {t.unpin}
        </button>
      ) : null}
    </div>
  );
}
