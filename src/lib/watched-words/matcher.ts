import type { WatchedWordAction } from "../../../common/watched-words";
import { type Run, skeleton, splitWords, type Word } from "./normalise";

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

/**
 * Every place a watched entry occurs in the text, as whole words: "análisis" does not contain
 * "anal", and a phrase matches its words in order whatever spaces or signs sit between them.
 */
export function findWatchedWords(list: WatchList, text: string): WatchMatch[] {
  if (list.size === 0 || text === "") return [];
  const words = splitWords(text);
  const found: WatchMatch[] = [];
  words.forEach((word, i) => {
    for (const candidate of list.byFirstWord.get(skeleton(word)) ?? []) {
      const span = words.slice(i, i + candidate.words.length);
      if (span.length !== candidate.words.length) continue;
      if (!span.every((w, k) => runsMatch(w.runs, candidate.words[k]!.runs))) continue;
      found.push({ entry: candidate.entry, start: span[0]!.start, end: span.at(-1)!.end, words: span });
    }
  });
  return found;
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
