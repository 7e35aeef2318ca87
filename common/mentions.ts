import { USERNAME_MAX, USERNAME_MIN } from "./signup-rules";

/**
 * `@username` in a club-chat message (usernames: common/signup-rules.ts). Shared by the server,
 * which notifies the people named, and the chat screen, which highlights them. An `@` inside a
 * word (an e-mail address) is no mention; a sentence's closing dot is not part of the name.
 */
const MENTION = /(^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_.-]+)/g;

/** At most this many people are notified from one message (a list of 200 names is spam, not a call). */
const MAX_MENTIONS = 20;

export type TextPart = { text: string; username?: string };

function nameOf(raw: string): string | null {
  const name = raw.replace(/[.-]+$/, "");
  return name.length >= USERNAME_MIN && name.length <= USERNAME_MAX ? name : null;
}

/** The message split into plain text and mentions, in order (joined, the parts are the text). */
export function splitMentions(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(MENTION)) {
    const name = nameOf(match[2] ?? "");
    if (!name) continue;
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: `@${name}`, username: name });
    at = start + 1 + name.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The distinct usernames a message mentions (lower-cased), at most MAX_MENTIONS. */
export function findMentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const part of splitMentions(text)) {
    if (part.username) names.add(part.username.toLowerCase());
    if (names.size >= MAX_MENTIONS) break;
  }
  return [...names];
}

/**
 * The mention being typed at the caret: the `@` and the letters after it, or null. The composer
 * opens its member list while this is not null and replaces `start…caret` with the pick.
 */
export function findTypedMention(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_.-]{0,32})$/.exec(before);
  if (!match) return null;
  return { start: caret - (match[2]?.length ?? 0) - 1, query: match[2] ?? "" };
}
