import { readChar } from "./fold-char";

/**
 * Turns text into words for matching: each character is folded (fold-char.ts: NFKC, case,
 * accents, leetspeak, look-alike letters from other scripts; invisible characters dropped), and
 * each word is a list of runs (a letter and how many times it repeats), so "PENDEJOOO",
 * "pendéjo", "p3nd3j0" and "pend\u200Bejo" all read as p-e-n-d-e-j-o. Words keep where they came
 * from in the original text, so a match can be censored or highlighted in place.
 */

export type Run = { letter: string; count: number };
export type Word = {
  runs: Run[];
  /** [start, end) in UTF-16 units of the original text. */
  start: number;
  end: number;
  /** What stands between this word and the one before it (the original characters, invisible ones left out). */
  gap: string;
  /** Written in digits only ("455"), which leetspeak reads as letters ("ass"). */
  numeric: boolean;
};

/** One code point of the original text and where it stands. */
export type Unit = { char: string; start: number; end: number };

export function unitsOf(text: string): Unit[] {
  const units: Unit[] = [];
  let offset = 0;
  for (const char of text) {
    units.push({ char, start: offset, end: offset + char.length });
    offset += char.length;
  }
  return units;
}

const NUMERAL = /^\p{N}$/u;
const RLO = "\u202E";
const ENDS_OVERRIDE = new Set(["\u202C", "\u2069", "\n", "\r", "\u2029"]);

/**
 * The units in the order they are drawn, or null when the text has no right-to-left override:
 * after U+202E (until its U+202C, an isolate's end or the line's end) letters are drawn
 * backwards, so "\u202Ekcolb" shows "block". Embeddings and isolates (U+202B, U+2067) keep
 * Latin letters in their order, so only the override is turned round.
 */
export function drawnOrder(units: Unit[]): Unit[] | null {
  if (!units.some((u) => u.char === RLO)) return null;
  const out: Unit[] = [];
  for (let i = 0; i < units.length; i++) {
    if (units[i]!.char !== RLO) {
      out.push(units[i]!);
      continue;
    }
    let j = i + 1;
    while (j < units.length && !ENDS_OVERRIDE.has(units[j]!.char)) j++;
    out.push(...units.slice(i + 1, j).reverse());
    i = j - 1;
  }
  return out;
}

/**
 * The words of a text (or of its units in drawn order), with their runs and offsets in the
 * original. Invisible characters join the letters around them ("bl\u200Bock" is one word) and
 * signs drawn like letters are letters ("b|ock"); `asSpaces` reads both as spaces instead, for
 * a zero-width space or a "|" put between two words ("sos\u200Bputa", "hola|puta").
 */
export function splitWords(input: string | Unit[], { asSpaces = false } = {}): Word[] {
  const units = typeof input === "string" ? unitsOf(input) : input;
  const words: Word[] = [];
  let current: Word | null = null;
  let gap = "";
  let inFlags = false;
  for (const { char, start, end } of units) {
    const { letters: folded, inWord, flag, invisible, sign } = readChar(char);
    if (asSpaces && (invisible || sign)) {
      current = null;
      if (sign) gap += char;
      continue;
    }
    if (folded === "") {
      // A lone combining mark (a decomposed accent) or an invisible character belongs to the
      // word it sits in: "bl\u200Bock" is one word.
      if (current) {
        current.start = Math.min(current.start, start);
        current.end = Math.max(current.end, end);
      }
      continue;
    }
    if (!inWord) {
      current = null;
      gap += char;
      continue;
    }
    // Flags are letters too ("🇳🇮" reads "ni"), but a flag after a word is not part of it:
    // "puta🇳🇮" is "puta" and a flag, while "🇧🇱🇴🇨🇰" is one word.
    if (current && flag !== inFlags) current = null;
    inFlags = flag;
    if (!current) {
      current = { runs: [], start, end, gap, numeric: true };
      gap = "";
      words.push(current);
    }
    if (!NUMERAL.test(char)) current.numeric = false;
    current.start = Math.min(current.start, start);
    current.end = Math.max(current.end, end);
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
