import type { Run, Word } from "./normalise";

/**
 * Other readings of a text's words, for words spelled out to slip past the list: letters with
 * something between each ("b l o c k", "b.l.o.c.k", "b-l-o-c-k", "b😀l😀o😀c😀k") and a word
 * cut by an emoji ("blo🔥ck"). Matching tries these as well as the words as written, so
 * "as soon as" still reads as three words and "análisis" as one.
 */

/** What may stand between spelled-out letters: a few signs or spaces on one line. */
const SPELLING_GAP = /^[^\n\r\u2028\u2029]{1,4}$/u;
/** Only pictures and symbols, no space or punctuation: an emoji pasted into a word. */
const PICTURE_GAP = /^[\p{S}\p{Extended_Pictographic}]+$/u;
/** Single-letter Spanish and English words ("y", "a", "o", "e", "u", "I") that can sit next to a spelled-out word. */
const LONE_WORDS = new Set(["a", "e", "i", "o", "u", "y"]);

const letterCount = (w: Word) => w.runs.reduce((n, r) => n + r.count, 0);
const isLetter = (w: Word) => letterCount(w) === 1;

function joinWords(words: Word[]): Word {
  const runs: Run[] = [];
  for (const word of words) {
    for (const run of word.runs) {
      const last = runs.at(-1);
      if (last?.letter === run.letter) last.count += run.count;
      else runs.push({ ...run });
    }
  }
  return {
    runs,
    start: words[0]!.start,
    end: words.at(-1)!.end,
    gap: words[0]!.gap,
    numeric: words.every((w) => w.numeric),
  };
}

/** Groups of consecutive words, cut wherever `joins(previous, next)` says no. */
function group(words: Word[], joins: (prev: Word, next: Word) => boolean): Word[][] {
  const groups: Word[][] = [];
  for (const word of words) {
    const last = groups.at(-1);
    if (last && joins(last.at(-1)!, word)) last.push(word);
    else groups.push([word]);
  }
  return groups;
}

/**
 * Runs of two or more single letters read as one word. A lone "y", "a", "o" at either end may be
 * a word of its own ("te voy a b l o c k"), so the group is also read without it: one reading
 * for each way of trimming. The sentence "La O N U y la U N A N" reads "onuy"/"onu"/"nu" and
 * "unan"/"nan", which no whole-word entry is.
 */
function spelledOutReadings(words: Word[]): Word[][] {
  const groups = group(
    words,
    (prev, next) => isLetter(prev) && isLetter(next) && SPELLING_GAP.test(next.gap),
  );
  if (groups.every((g) => g.length === 1)) return [];
  const lone = (w: Word | undefined) => !!w && LONE_WORDS.has(w.runs[0]!.letter);
  const trims = [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ] as const;
  return trims.map(([head, tail]) =>
    groups.flatMap((g) => {
      if (g.length < 2) return g;
      const cutHead = head && lone(g[0]) && g.length > 2 ? 1 : 0;
      const cutTail = tail && lone(g.at(-1)) && g.length - cutHead > 2 ? 1 : 0;
      const middle = g.slice(cutHead, g.length - cutTail);
      // Figures are not a spelled-out word: "aula 4 5 5" is a room number, not "ass".
      if (middle.every((w) => w.numeric)) return g;
      return [...g.slice(0, cutHead), joinWords(middle), ...g.slice(g.length - cutTail)];
    }),
  );
}

/** Words with only an emoji or symbol between them (no space) read as one word. */
function pictureJoinedReading(words: Word[]): Word[] | null {
  const groups = group(words, (_prev, next) => PICTURE_GAP.test(next.gap));
  if (groups.every((g) => g.length === 1)) return null;
  return groups.map((g) => (g.length === 1 ? g[0]! : joinWords(g)));
}

/** The other readings of `words` (none for most texts, which have neither pattern). */
export function otherReadings(words: Word[]): Word[][] {
  const joined = pictureJoinedReading(words);
  return [...spelledOutReadings(words), ...(joined ? [joined] : [])];
}
