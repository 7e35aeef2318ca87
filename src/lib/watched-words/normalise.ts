import { LEET_LETTERS as LEET } from "../../../common/leetspeak";

/**
 * Turns text into words for matching: case, accents and common leetspeak are folded, and each
 * word is a list of runs (a letter and how many times it repeats), so "PENDEJOOO", "pendéjo"
 * and "p3nd3j0" all read as p-e-n-d-e-j-o. Runs keep where they came from in the original text,
 * so a match can be censored or highlighted in place.
 */

export type Run = { letter: string; count: number };
export type Word = { runs: Run[]; start: number; end: number };

const isWordChar = (c: string) => /[\p{L}\p{N}]/u.test(c);

/**
 * One character folded: lower case, leetspeak to letters, accents dropped. "ñ" stays "ñ":
 * in Spanish it is its own letter, and folding it would read "año" as "ano".
 */
export function foldChar(char: string): string {
  const lower = char.toLowerCase();
  const leet = LEET[lower];
  if (leet) return leet;
  if (lower === "ñ") return lower;
  return lower.normalize("NFD").replace(/\p{M}/gu, "");
}

/** The words of a text, in order, with their runs and [start, end) offsets in the original. */
export function splitWords(text: string): Word[] {
  const words: Word[] = [];
  let current: Word | null = null;
  let offset = 0;
  for (const char of text) {
    const folded = foldChar(char);
    const at = offset;
    offset += char.length;
    if (folded === "" && current) {
      // A lone combining mark (a decomposed accent) belongs to the letter before it.
      current.end = offset;
      continue;
    }
    if (!isWordChar(folded)) {
      current = null;
      continue;
    }
    if (!current) {
      current = { runs: [], start: at, end: offset };
      words.push(current);
    }
    current.end = offset;
    for (const letter of folded) {
      const last = current.runs.at(-1);
      if (last?.letter === letter) last.count++;
      else current.runs.push({ letter, count: 1 });
    }
  }
  return words;
}

/** A word with every repeat dropped ("pendejooo" → "pendejo"): the key entries are found by. */
export const skeleton = (word: Word) => word.runs.map((r) => r.letter).join("");

/**
 * The key two entries share when they match exactly the same texts ("Pendéjo" and "PENDEJOOO"
 * both give "pendejo"; "ass" keeps its double, as matching does). Empty when there are no
 * letters or digits (such an entry could never match).
 */
export function skeletonOfText(text: string): string {
  return splitWords(text)
    .map((w) => w.runs.map((r) => (r.count > 1 ? r.letter + r.letter : r.letter)).join(""))
    .join(" ");
}
