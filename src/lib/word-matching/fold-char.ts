import unhomoglyph from "unhomoglyph";
import { LEET_LETTERS as LEET } from "../../../common/leetspeak";

/**
 * One character as matching reads it. Texts are folded a character at a time (not as a whole)
 * so every folded letter still knows where it stands in the original, which is kept as
 * written for display, censoring and highlighting.
 */

/** Format and bidi controls and other default-ignorable characters: drawn as nothing, read as nothing. */
const INVISIBLE = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
const ASCII_WORD = /^[a-z0-9]+$/;
const ASCII_LETTERS = /^[a-z]+$/;
const WORD_CHAR = /[\p{L}\p{N}]/u;

const dropMarks = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "");

/**
 * NFKC (fullwidth "ｂ" and mathematical "𝐛" are "b"), lower case, leetspeak to letters, accents
 * dropped. "ñ" stays "ñ": in Spanish it is its own letter, and folding it would read "año" as "ano".
 */
function plain(char: string): string {
  const lower = char.normalize("NFKC").toLowerCase();
  const leet = LEET[lower];
  if (leet) return leet;
  if (lower === "ñ") return lower;
  return dropMarks(lower);
}

/**
 * A letter from another script drawn like a Latin one (Cyrillic "о", Greek "ο"), by its Unicode
 * TR39 confusable prototype (npm unhomoglyph, Unicode's confusables.txt). Only characters that
 * are not already plain Latin get here: applied to Latin text, the table reads "m" as "rn" and
 * "I" as "l", which would make ordinary words collide. A lower-case letter whose prototype is
 * not Latin (Greek "κ" is drawn like "ĸ") is tried as its capital ("Κ" is "K").
 */
function lookAlike(char: string): string | null {
  for (const form of new Set([char, char.toUpperCase()])) {
    const prototype = unhomoglyph(form);
    if (prototype === form) continue;
    const folded = dropMarks(prototype.normalize("NFKC").toLowerCase());
    if (ASCII_LETTERS.test(folded)) return folded;
  }
  return null;
}

/**
 * Letters drawn as pictures that neither NFKC nor the confusables table reads: regional
 * indicators ("🇧🇱🇴🇨🇰"), negative circled and squared letters ("🅑", "🅱"), each block running
 * A to Z (splitWords keeps a run of flags apart from the word beside it); and small capitals ("ʙʟᴏᴄᴋ"), whose TR39 prototypes are not Latin letters.
 */
const REGIONAL_A = 0x1f1e6;
const LETTER_BLOCKS = [REGIONAL_A, 0x1f150, 0x1f170];
const isRegionalIndicator = (char: string) => {
  const code = char.codePointAt(0)!;
  return code >= REGIONAL_A && code < REGIONAL_A + 26;
};
const SMALL_CAPITALS: Readonly<Record<string, string>> = Object.fromEntries(
  [..."ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡʏᴢ"].map((c, i) => [c, "abcdefghijklmnopqrstuvwyz"[i]!]),
);

function pictureLetter(char: string): string | null {
  const code = char.codePointAt(0)!;
  const block = LETTER_BLOCKS.find((first) => code >= first && code < first + 26);
  if (block !== undefined) return String.fromCharCode(97 + code - block);
  return SMALL_CAPITALS[char] ?? null;
}

/**
 * A character as matching reads it: its folded letters ("" for something matching skips, an
 * accent or an invisible character) and whether it is part of a word. `sign` marks a sign that
 * is only drawn like a letter ("|" like "l", "×" like "x"): it may be one inside a word
 * ("b|ock"), or just a sign between two words ("hola|chau"), so matching reads it both ways.
 */
export type Folded = { letters: string; inWord: boolean; flag: boolean; invisible: boolean; sign: boolean };

function foldUncached(char: string): Folded {
  const read = (letters: string, sign = false): Folded => ({
    letters,
    inWord: WORD_CHAR.test(letters),
    flag: isRegionalIndicator(char),
    invisible: INVISIBLE.test(char),
    sign,
  });
  if (INVISIBLE.test(char)) return read("");
  const picture = pictureLetter(char);
  if (picture) return read(picture);
  let folded = plain(char);
  // NFKC can bring signs along with a letter ("⒝" is "(b)"): keep the letter.
  if (folded.length > 1 && WORD_CHAR.test(folded)) folded = folded.replace(/[^\p{L}\p{N}]/gu, "");
  if (folded === "" || folded === "ñ" || ASCII_WORD.test(folded)) return read(folded);
  const alike = lookAlike(char);
  if (alike === null) return read(folded);
  return read(alike, !WORD_CHAR.test(char));
}

// Texts repeat the same few hundred characters: each is folded once per process. Bounded,
// because a text can be made of any of a million code points.
const cache = new Map<string, Folded>();
const CACHE_LIMIT = 20_000;

export function readChar(char: string): Folded {
  let read = cache.get(char);
  if (read === undefined) {
    read = foldUncached(char);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(char, read);
  }
  return read;
}
