import { type ChatMessage, REACTION_EMOJIS, type ReactionEmoji } from "../../../../common/api/chat";

export type Reaction = NonNullable<ChatMessage["reactions"]>[number];

/**
 * The reactions as they will be once the person's own `emoji` is toggled, shown at once while
 * the server is asked (its answer replaces them): in the fixed order, none with a zero count.
 */
export function toggleReaction(reactions: Reaction[], emoji: ReactionEmoji): Reaction[] {
  const had = reactions.find((r) => r.emoji === emoji);
  const next = had
    ? reactions.map((r) =>
        r.emoji === emoji
          ? { ...r, count: r.count + (r.reacted_by_me ? -1 : 1), reacted_by_me: !r.reacted_by_me }
          : r,
      )
    : [...reactions, { emoji, count: 1, reacted_by_me: true }];
  const order = (e: ReactionEmoji) => REACTION_EMOJIS.indexOf(e);
  return next.filter((r) => r.count > 0).sort((a, b) => order(a.emoji) - order(b.emoji));
}

/** Whether the person reacted with this emoji already (the request to make is then a removal). */
export function reactedWith(reactions: Reaction[] | undefined, emoji: string): boolean {
  return !!reactions?.some((r) => r.emoji === emoji && r.reacted_by_me);
}
