import { changeKeys } from "../../lib/poll-memory/keys";
import type { PollMemory, Snapshot } from "../../lib/poll-memory/poll-memory";
import type { PageWindow } from "./queries";

/**
 * What a process remembers of one person's view of one conversation, from the last page it
 * read from PostgreSQL: no message they may see has an id above `upTo`, and the tag of their
 * blocks. Only a reader who passed every check (the conversation exists, they may read it) is
 * remembered, and the memo depends on what those checks read: their account, memberships and
 * blocks (`a` key), and the conversation (`c`/`d` key: its messages, a club's owner and
 * existence; for a direct chat the other account too, and the reader's own read marks (`p`
 * key), where a deleted message request's hidden_through_id lives). So a 2-second `?after=` poll at or past
 * `upTo` (and, with `changes_after`, at or past the newest change_seq) is the empty page,
 * answered with no statement. Edits, deletions and reactions update the message row, whose
 * trigger sends the conversation's key, so the memo's `changeSeq` is always the newest.
 */
export type ConversationMemo = { upTo: number; blockTag: string; hiddenThroughId: number; changeSeq: number };

type Target = { type: "user" | "club" | "announcements"; id: number };

function memoKey(userId: number, key: string) {
  return `chat:${userId}:${key}`;
}

/** The keys a person's page of this conversation was read from; take them before reading it. */
export function conversationKeys(userId: number, target: Target): string[] {
  // Avisos: also the club's key, which names its row (owner, deletion): who may read them.
  if (target.type === "announcements")
    return [changeKeys.access(userId), changeKeys.club(target.id), changeKeys.announcements(target.id)];
  return target.type === "club"
    ? [changeKeys.access(userId), changeKeys.club(target.id)]
    : [changeKeys.direct(userId, target.id), changeKeys.access(target.id), changeKeys.person(userId)];
}

/** The remembered view, when it answers this poll: an `after` poll with nothing newer to show. */
export function recallEmptyPoll(
  memory: PollMemory,
  {
    userId,
    key,
    window,
    changesAfter,
  }: { userId: number; key: string; window: PageWindow; changesAfter: number | undefined },
): ConversationMemo | undefined {
  if (window.kind !== "after") return undefined;
  const cursor = window.cursor;
  return memory.recall<ConversationMemo>(
    "chat",
    memoKey(userId, key),
    (memo) => cursor >= memo.upTo && (changesAfter === undefined || changesAfter >= memo.changeSeq),
  );
}

/**
 * Remembers a page read from PostgreSQL when it shows where the conversation ends: the newest
 * page, or an `after` page shorter than its limit. A history page (`before`) says nothing of it.
 */
export function rememberPage(
  memory: PollMemory,
  options: { userId: number; key: string; window: PageWindow; newestId: number | undefined; count: number },
  deps: Snapshot,
  tags: { blockTag: string; hiddenThroughId: number; changeSeq: number },
) {
  const { userId, key, window, newestId, count } = options;
  let upTo: number;
  if (window.kind === "latest") upTo = newestId ?? 0;
  else if (window.kind === "after" && count < window.limit) upTo = Math.max(window.cursor, newestId ?? 0);
  else return;
  memory.remember(memoKey(userId, key), { upTo, ...tags } satisfies ConversationMemo, deps);
}
