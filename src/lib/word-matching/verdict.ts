import type { WatchedWordAction } from "../../../common/watched-words";
import { censorText, findWatchedWords, type WatchedEntry, type WatchList, type WatchMatch } from "./matcher";

/**
 * What to do with a set of texts (a post's title and content, a profile's fields): the
 * strongest action found decides (block over hold over flag); censoring applies to whatever
 * is stored. `entries` are the distinct entries that matched, for the audit and the queue.
 */
export type Verdict = {
  action: WatchedWordAction | null;
  texts: string[];
  entries: WatchedEntry[];
};

const STRENGTH: Record<WatchedWordAction, number> = { censor: 1, flag: 2, hold: 3, block: 4 };

export function judgeTexts(list: WatchList, texts: string[]): Verdict {
  let action: WatchedWordAction | null = null;
  const entries = new Map<number, WatchedEntry>();
  const out = texts.map((text) => {
    const matches = findWatchedWords(list, text);
    const censored: WatchMatch[] = [];
    for (const match of matches) {
      entries.set(match.entry.id, match.entry);
      if (match.entry.action === "censor") censored.push(match);
      if (!action || STRENGTH[match.entry.action] > STRENGTH[action]) action = match.entry.action;
    }
    return censored.length > 0 ? censorText(text, censored) : text;
  });
  return { action, texts: out, entries: [...entries.values()] };
}
