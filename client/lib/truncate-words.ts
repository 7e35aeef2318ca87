/** Profile descriptions and chat messages are shown cut to 500 words (spec section 9). */
const DISPLAY_WORD_LIMIT = 500;

/**
 * The text cut after `limit` words (a word is a run of non-space characters), keeping the
 * original spacing and line breaks of what stays. `truncated` tells whether anything was cut.
 */
export function truncateWords(
  text: string,
  limit: number = DISPLAY_WORD_LIMIT,
): { text: string; truncated: boolean } {
  if (limit <= 0) return { text: "", truncated: text.trim().length > 0 };
  const word = /\S+/g;
  let count = 0;
  for (let match = word.exec(text); match; match = word.exec(text)) {
    count += 1;
    if (count === limit) {
      const end = match.index + match[0].length;
      const rest = text.slice(end);
      if (!/\S/.test(rest)) return { text, truncated: false };
      return { text: `${text.slice(0, end)}…`, truncated: true };
    }
  }
  return { text, truncated: false };
}
