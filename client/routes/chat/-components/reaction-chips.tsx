import type { ChatMessage } from "../../../../common/api/chat";
import { format, m } from "../../../../common/messages";

/** The reactions under a bubble: each a toggle with its count, pressed where the person reacted. */
export function ReactionChips({
  reactions,
  onToggle,
}: {
  reactions: NonNullable<ChatMessage["reactions"]>;
  onToggle: (emoji: string) => void;
}) {
  return (
    <ul className="reaction-chips" aria-label={m.chatPage.reactions}>
      {reactions.map((reaction) => (
        <li key={reaction.emoji}>
          <button
            type="button"
            className="reaction-chip"
            aria-pressed={reaction.reacted_by_me}
            aria-label={format(m.chatPage.reactionChip, {
              emoji: reaction.emoji,
              count: reaction.count,
              mine: reaction.reacted_by_me ? "yes" : "no",
            })}
            onClick={() => onToggle(reaction.emoji)}
          >
            <span aria-hidden="true">{reaction.emoji}</span>
            <span className="reaction-chip__count">{reaction.count}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
