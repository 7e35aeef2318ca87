import { LEET_LETTERS } from "./leetspeak";
import { INVISIBLE_IN_NAMES } from "./name-text";

/**
 * The *skeleton* of a name, the form every reserved-name comparison is made on
 * (common/reserved-names.ts): lower case, no accents, common look-alikes and leetspeak mapped to
 * one letter, repeated letters collapsed; and the steps it is made of, which the reserved-name
 * rules also use one by one.
 */

/** Cyrillic and Greek letters that look like Latin ones (after lower-casing). */
const CONFUSABLE_LETTERS: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  һ: "h",
  і: "i",
  ї: "i",
  ј: "j",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  ѕ: "s",
  т: "t",
  у: "y",
  х: "x",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ı: "i",
  ł: "l",
  ø: "o",
  đ: "d",
  ß: "ss",
};

/**
 * Digits and symbols written for letters: the watched words' table (common/leetspeak.ts), plus
 * "!" and "|", which in a username (no punctuation in it) can only stand for "i". "1" and "l"
 * both become "i" (as "I" and "l" look alike).
 */
const LEET: Record<string, string> = { ...LEET_LETTERS, "!": "i", "|": "i" };
const LEET_CHARS = new RegExp(`[${Object.keys(LEET).join("").replace(/[$|!]/g, "\\$&")}]`, "g");

/** Lower case, compatibility forms unified (ａｄｍｉｎ, ℹ), accents removed, invisibles removed. */
export function fold(value: string): string {
  return value
    .replace(INVISIBLE_IN_NAMES, "")
    .replace(/\p{Cc}/gu, "")
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/./gu, (c) => CONFUSABLE_LETTERS[c] ?? c);
}

/** The comparison form of folded text: look-alikes and leetspeak mapped to letters, repeats kept. */
export function skeletonOf(folded: string): string {
  return folded
    .replace(LEET_CHARS, (c) => LEET[c] ?? c)
    .replace(/l/g, "i")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w");
}

/** Repeated letters as one ("aaadmiin" → "admin"). */
export function collapse(word: string): string {
  return word.replace(/([a-z])\1+/g, "$1");
}

/**
 * The words of a skeleton: runs of letters and digits. The digits a word keeps (2, 6, 8, 9:
 * no letter looks like them) stay in it, so "ga2mod" is one word and never "mod".
 */
export function wordsOf(skeleton: string): string[] {
  return skeleton.split(/[^a-z0-9]+/).filter(Boolean);
}

/** Digit runs at the start and end as separators: "mod2024" → "mod", "2024_admin" → "_admin". */
export function withoutEdgeDigits(folded: string): string {
  return folded.replace(/^[0-9]+|[0-9]+$/g, "");
}

/**
 * A list of words as their skeletons, ready to match. A word matches when its skeleton equals
 * one, or (from 5 letters on, so that "mood" is not "mod" nor "rot" "root") when it does with
 * repeated letters collapsed on both sides ("aadmiin", "moderadoor").
 */
export function wordMatcher(list: readonly string[]) {
  const exact = new Set(list.map((w) => skeletonOf(fold(w))));
  const collapsed = new Set([...exact].map(collapse));
  return (word: string) => exact.has(word) || (word.length >= 5 && collapsed.has(collapse(word)));
}
