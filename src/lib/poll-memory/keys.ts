/**
 * The change keys the NOTIFY triggers send (migrations 0025_poll_change_keys and
 * 0037_one_change_channel) on the one change bus (src/lib/database/change-bus.ts).
 * Short, because one NOTIFY carries several and a payload is limited to 8000 bytes.
 */
export const changeKeys = {
  /** A user's account row, club memberships and the blocks they made: who they are, what they may read. */
  access: (userId: number) => `a${userId}`,
  /** Everything a user's badge counts that is theirs: direct messages, read marks, notices, blocks, clubs owned. */
  person: (userId: number) => `p${userId}`,
  /** A user's notices in the notification centre, of every kind (the bell's numbers). */
  notices: (userId: number) => `n${userId}`,
  /** A club: its chat messages, its connection requests and its row (owner, deletion). */
  club: (clubId: number) => `c${clubId}`,
  /** A club's Avisos channel (messages.announcement_club_id): its avisos; migration announcement_change_keys. */
  announcements: (clubId: number) => `v${clubId}`,
  /** The direct conversation of two users. */
  direct: (a: number, b: number) => `d${Math.min(a, b)}-${Math.max(a, b)}`,
  /** Any connection request (an admin's badge counts them all). */
  requests: "r",
  /** Anything a feed page shows: posts, their counts, the viewer's marks and RSVPs, clubs. */
  feed: "f",
  /** The landing page's top clubs and the rendered club list: any club row, or a post added or removed. */
  topClubs: "T",
  /** The watched-words list. */
  watchedWords: "W",
  /** A read mark moved forward: `conversationKey` as conversation_reads ("club:<id>", "user:<id>"); migration read_mark_keys. */
  read: (userId: number, conversationKey: string) => `R${userId}:${conversationKey}`,
  /** A club chat's pinned message changed (migration chat_pin_and_poll_keys). */
  pin: (clubId: number) => `P${clubId}`,
  /** A poll's votes changed or it was closed by hand (migration chat_pin_and_poll_keys). */
  pollVotes: (pollId: number) => `V${pollId}`,
  /**
   * A marker, not a key: the `c` keys of the notice it rides in come from a club chat message
   * (a message row written, changed or deleted), which moves the club's unread counts and nothing
   * else (migration live_delivery_key_markers). The live hub's badge leaves out a chat a follower
   * is settled in (src/features/live/counts.ts), so it needs no re-read for such a key.
   */
  chatMessage: "m",
  /**
   * A marker, not a key: every read mark in the notice it rides in was moved by a live delivery
   * (advance_live_read_marks, migration live_delivery_key_markers); the `p` and `R` keys beside it
   * are those of any read mark.
   */
  liveReadMarks: "L",
  /** `from` is typing to `to` in their direct chat (sent by the live connection, stored nowhere). */
  typing: (from: number, to: number) => `y${from}-${to}`,
} as const;

/**
 * The channel the triggers NOTIFY on; the payload is `<ms since epoch> #<transaction id> <key>
 * <key> ...` (migration 0059; the NOTICE the writing process hears is `clubnica_keys #<transaction
 * id> <key> ...`). A payload sent another way (a typing relay, a test) may have no transaction id.
 */
export const CHANGE_KEYS_CHANNEL = "clubnica_keys";

/** The keys of a NOTICE's or a NOTIFY's text, and the writing transaction's id when it names one. */
export function parseKeys(words: readonly string[]): { keys: string[]; tx?: string } {
  const first = words[0];
  if (first?.startsWith("#")) return { keys: words.slice(1).filter(Boolean), tx: first.slice(1) };
  return { keys: words.filter(Boolean) };
}

/** Reads a payload: the keys, the transaction, and when the change was made (for the notify-lag figure). */
export function parseChangeNotice(payload: string): { keys: string[]; tx?: string; sentAtMs: number } {
  const [stamp = "", ...words] = payload.split(" ");
  return { ...parseKeys(words), sentAtMs: Number(stamp) };
}
