/**
 * Digits and signs people type for letters ("p3nd3j0", "adm1n", "$oporte"). One table for the
 * two places that read past them, watched words (src/lib/word-matching) and reserved names
 * (common/name-skeleton.ts), so a spelling that one of them catches, the other catches too.
 */
export const LEET_LETTERS: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
};
