import type { WatchedWordAction } from "../../../common/watched-words";
import { readChar } from "./fold-char";
import { drawnOrder, type Run, skeleton, splitWords, unitsOf, type Word } from "./normalise";
import { otherReadings } from "./spelled-out";

export type WatchedEntry = { id: number; word: string; action: WatchedWordAction };
export type WatchMatch = { entry: WatchedEntry; start: number; end: number; words: Word[] };

type Compiled = { entry: WatchedEntry; words: Word[] };

/** A compiled list: entries indexed by the skeleton of their first word, so a text costs one lookup per word. */
export type WatchList = { byFirstWord: Map<string, Compiled[]>; size: number };

export function compileWatchList(entries: WatchedEntry[]): WatchList {
  const byFirstWord = new Map<string, Compiled[]>();
  for (const entry of entries) {
    const words = splitWords(entry.word);
    const first = words[0];
    if (!first) continue;
    const key = skeleton(first);
    const list = byFirstWord.get(key) ?? [];
    list.push({ entry, words });
    byFirstWord.set(key, list);
  }
  return { byFirstWord, size: entries.length };
}

/**
 * Repeats are ignored one way only: a letter the entry has once may be repeated in the text
 * ("pendejooo"), but a letter the entry doubles must be doubled in the text too. Collapsing
 * both sides fully would make "ass" read "as" and flag every "as" in English and Spanish.
 */
function runsMatch(text: Run[], entry: Run[]) {
  if (text.length !== entry.length) return false;
  return entry.every((run, i) => {
    const t = text[i]!;
    return t.letter === run.letter && t.count >= Math.min(run.count, 2);
  });
}

/** The matches of the list among one reading of a text's words. */
function matchWords(list: WatchList, words: Word[], found: Map<string, WatchMatch>) {
  words.forEach((word, i) => {
    for (const candidate of list.byFirstWord.get(skeleton(word)) ?? []) {
      const span = words.slice(i, i + candidate.words.length);
      if (span.length !== candidate.words.length) continue;
      if (!span.every((w, k) => runsMatch(w.runs, candidate.words[k]!.runs))) continue;
      const start = Math.min(...span.map((w) => w.start));
      const end = Math.max(...span.map((w) => w.end));
      const key = `${candidate.entry.id}:${start}:${end}`;
      if (!found.has(key)) found.set(key, { entry: candidate.entry, start, end, words: span });
    }
  });
}

/**
 * Every place a watched entry occurs in the text, as whole words: "análisis" does not contain
 * "anal", and a phrase matches its words in order whatever spaces or signs sit between them.
 * The text is read as written and, where it has them, as drawn (a right-to-left override
 * turned round), with spelled-out letters joined (spelled-out.ts), and with invisible
 * characters and letter-like signs as spaces; a place found by more than one reading counts once.
 */
export function findWatchedWords(list: WatchList, text: string): WatchMatch[] {
  if (list.size === 0 || text === "") return [];
  const units = unitsOf(text);
  const drawn = drawnOrder(units);
  const found = new Map<string, WatchMatch>();
  for (const order of drawn ? [units, drawn] : [units]) {
    const words = splitWords(order);
    for (const reading of [words, ...otherReadings(words)]) matchWords(list, reading, found);
  }
  if (units.some((u) => readChar(u.char).invisible || readChar(u.char).sign)) {
    const words = splitWords(units, { asSpaces: true });
    for (const reading of [words, ...otherReadings(words)]) matchWords(list, reading, found);
  }
  return [...found.values()].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The text with each matched word's letters replaced by asterisks (the spaces between stay). */
export function censorText(text: string, matches: WatchMatch[]): string {
  const chars = [...text];
  // Offsets are UTF-16 units; map them to code point positions once.
  const unitToIndex: number[] = [];
  chars.forEach((c, i) => {
    for (let k = 0; k < c.length; k++) unitToIndex.push(i);
  });
  for (const match of matches) {
    for (const word of match.words) {
      for (let u = word.start; u < word.end; u++) chars[unitToIndex[u]!] = "*";
    }
  }
  return chars.join("");
}
