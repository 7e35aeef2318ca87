/**
 * Cleaning what a person types as a name or a description: invisible and direction-changing
 * characters removed, and check marks (a fake "verified" badge) found. Pure rules, shared by the
 * server and the browser; common/reserved-names.ts builds on them.
 */

/**
 * Bidirectional controls: embeddings and overrides (U+202A–U+202E, e.g. the right-to-left
 * override U+202E), isolates (U+2066–U+2069) and the marks U+200E, U+200F, U+061C.
 */
const BIDI_CONTROLS = "\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C";

/** Zero-width characters that never matter in free text: space, word joiner, BOM, Mongolian vowel separator. */
const ZERO_WIDTH_SPACES = "\u200B\u2060\uFEFF\u180E";

const BIDI_AND_ZERO_WIDTH = new RegExp(`[${BIDI_CONTROLS}${ZERO_WIDTH_SPACES}]`, "gu");

/**
 * Everything a name never needs and that can hide or disguise letters: all format characters
 * (\p{Cf}: the bidi controls, the zero-width joiners U+200C/U+200D, invisible operators
 * U+2061–U+2064, the soft hyphen, tags U+E0000–U+E007F…) and every other default-ignorable code
 * point (variation selectors, the combining grapheme joiner, Hangul fillers, Khmer inherent
 * vowels, Mongolian free variation selectors), plus the blank Braille pattern U+2800.
 */
export const INVISIBLE_IN_NAMES = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/**
 * For names (first, middle and last name, school): removes invisible and direction-changing
 * characters and control characters, turns any run of spaces (no-break, ideographic, line
 * breaks…) into one space, trims.
 */
export function cleanNameText(value: string): string {
  return value
    .replace(INVISIBLE_IN_NAMES, "")
    .replace(/\s+/gu, " ")
    .replace(/\p{Cc}/gu, "")
    .trim();
}

/**
 * For longer free text (a profile's description): removes the bidirectional controls and the
 * zero-width spaces, but keeps line breaks, the zero-width joiner and variation selectors, which
 * emoji sequences (👩‍💻, ❤️) are made of.
 */
export function cleanFreeText(value: string): string {
  return value.replace(BIDI_AND_ZERO_WIDTH, "");
}

// ---------------------------------------------------------------------------------------------
// Check marks

/**
 * Check marks and ballot boxes with a mark, which read as a "verified" badge next to a name:
 * ✓ ✔ ☑ ✅ 🗸 🗹 √ 🮱 𐄂 (and ✔️, which is ✔ plus a variation selector).
 */
const CHECK_MARKS = /[\u2713\u2714\u2611\u2705\u221A\u{1F5F8}\u{1F5F9}\u{1FBB1}\u{10102}]/u;

export function hasCheckMark(value: string): boolean {
  return CHECK_MARKS.test(value);
}
