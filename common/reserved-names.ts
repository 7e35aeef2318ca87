import { LEET_LETTERS } from "./leetspeak";

/**
 * Names a person may not give themself because they read as ClubNica's staff: reserved
 * usernames, staff titles in display names, invisible characters and check marks. Pure rules,
 * shared by the server (which enforces them) and the browser (which may show them early).
 *
 * Every comparison is made on a *skeleton* (see nameSkeleton): lower case, no accents, common
 * look-alikes and leetspeak mapped to one letter, repeated letters collapsed. The reserved words
 * go through the same function, so "Adm1n", "ADMLN", "adrnin" and "aaadmin" all meet "admin".
 */

// ---------------------------------------------------------------------------------------------
// Invisible and direction-changing characters

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
const INVISIBLE_IN_NAMES = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

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

// ---------------------------------------------------------------------------------------------
// The skeleton

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
function fold(value: string): string {
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
function skeletonOf(folded: string): string {
  return folded
    .replace(LEET_CHARS, (c) => LEET[c] ?? c)
    .replace(/l/g, "i")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w");
}

/** Repeated letters as one ("aaadmiin" → "admin"). */
function collapse(word: string): string {
  return word.replace(/([a-z])\1+/g, "$1");
}

/**
 * The comparison form of a name: folded (lower case, no accents, compatibility forms and
 * Cyrillic/Greek look-alikes unified, invisibles removed), leetspeak mapped to letters
 * (0→o, 1→i, 3→e, 4→a, 5→s, 7→t, @→a, $→s), "l" read as "i", "rn" as "m", "vv" as "w",
 * repeated letters collapsed. Anything else (separators, spaces, other scripts' letters) is
 * kept. `nameSkeleton("Adm1n_ClubNica")` is "admin_ciubnica".
 */
export function nameSkeleton(value: string): string {
  return collapse(skeletonOf(fold(value)));
}

/**
 * The words of a skeleton: runs of letters and digits. The digits a word keeps (2, 6, 8, 9:
 * no letter looks like them) stay in it, so "ga2mod" is one word and never "mod".
 */
function wordsOf(skeleton: string): string[] {
  return skeleton.split(/[^a-z0-9]+/).filter(Boolean);
}

/** Digit runs at the start and end as separators: "mod2024" → "mod", "2024_admin" → "_admin". */
function withoutEdgeDigits(folded: string): string {
  return folded.replace(/^[0-9]+|[0-9]+$/g, "");
}

/**
 * A list of words as their skeletons, ready to match. A word matches when its skeleton equals
 * one, or (from 5 letters on, so that "mood" is not "mod" nor "rot" "root") when it does with
 * repeated letters collapsed on both sides ("aadmiin", "moderadoor").
 */
function wordMatcher(list: readonly string[]) {
  const exact = new Set(list.map((w) => skeletonOf(fold(w))));
  const collapsed = new Set([...exact].map(collapse));
  return (word: string) => exact.has(word) || (word.length >= 5 && collapsed.has(collapse(word)));
}

// ---------------------------------------------------------------------------------------------
// Reserved usernames

/**
 * Words that name ClubNica's staff or the system. A username is refused when, after the
 * skeleton, it *is* one of these (separators ignored: "a.d.m.i.n", "club_nica"), or when one of
 * its parts between separators (`_ - .`, or digits) is one ("soporte-clubnica", "mod_ana",
 * "ayuda2024").
 */
export const RESERVED_USERNAMES = [
  // administration
  "admin",
  "admins",
  "administrador",
  "administradora",
  "administradores",
  "administrator",
  "administracion",
  "sysadmin",
  "superadmin",
  "superuser",
  "superusuario",
  "root",
  "webmaster",
  "postmaster",
  // moderation
  "moderador",
  "moderadora",
  "moderadores",
  "moderator",
  "moderators",
  "moderacion",
  "moderation",
  "mod",
  "mods",
  // support and help
  "soporte",
  "support",
  "ayuda",
  "help",
  "helpdesk",
  "staff",
  // the system itself
  "clubnica",
  "sistema",
  "system",
  "seguridad",
  "security",
  "noreply",
  "verificado",
  "verificada",
  "verified",
] as const;

/**
 * The distinctive ones, also refused at the start or end of a username or name word with
 * nothing between ("adminana", "elmoderador", "clubnicaoficial", "soportetecnico",
 * "administracion_colegio"). Short or everyday words ("mod", "help", "sistema") are only
 * refused whole or as a separated part, so "modesto", "helpful" and "ing_sistemas" stay free.
 * A reserved word inside a longer word (not at either end, "madmint") is never refused.
 */
const RESERVED_AT_EDGES = ["admin", "moderador", "moderator", "moderacion", "soporte", "clubnica"] as const;

const isReservedUsernameWord = wordMatcher(RESERVED_USERNAMES);
const edgeSkeletons = RESERVED_AT_EDGES.map((w) => collapse(skeletonOf(fold(w))));

function hasReservedEdge(word: string): boolean {
  const collapsed = collapse(word);
  return edgeSkeletons.some((edge) => collapsed.startsWith(edge) || collapsed.endsWith(edge));
}

/**
 * The reading of a username that is reserved, or null when it is free. Two readings are
 * judged: digits as letters ("adm1n" → "admin", "m0d" → "mod"), and the digits at its start and
 * end as separators ("mod2024", "ayuda_123", "2024admin"). Digits inside a part are never
 * dropped, so "x_ga2mod" or "user7_4mod9" (a generated name) stay free.
 */
function reservedUsernameMatch(username: string): string | null {
  const folded = fold(username.trim());
  for (const reading of new Set([folded, withoutEdgeDigits(folded)])) {
    const parts = wordsOf(skeletonOf(reading));
    const whole = parts.join("");
    for (const candidate of [whole, ...parts]) {
      if (isReservedUsernameWord(candidate)) return candidate;
    }
    if (hasReservedEdge(whole)) return whole;
  }
  return null;
}

export function isReservedUsername(username: string): boolean {
  return reservedUsernameMatch(username) !== null;
}

// ---------------------------------------------------------------------------------------------
// Staff titles in display names

/**
 * Words a first, middle or last name may not be, because they claim a staff role. Judged per
 * word of the name (after the skeleton), on the whole name with its spaces removed
 * ("A d m i n", "Club Nica"), and on each two neighbouring words joined ("Club Nica Oficial");
 * the distinctive words also at the start or end of a word ("AdminAna"). Fewer words than for
 * usernames: "Sistema", "Root" or "Ayuda" could be part of a real name or nickname.
 */
export const STAFF_NAME_WORDS = [
  "admin",
  "admins",
  "administrador",
  "administradora",
  "administradores",
  "administrator",
  "administracion",
  "sysadmin",
  "superadmin",
  "moderador",
  "moderadora",
  "moderadores",
  "moderator",
  "moderacion",
  "mod",
  "mods",
  "soporte",
  "support",
  "staff",
  "webmaster",
  "clubnica",
] as const;

const isStaffNameWord = wordMatcher(STAFF_NAME_WORDS);

/**
 * True when a name (one field, or first and last name together) claims a staff role:
 * "Administrador ClubNica", "Moderadora", "Soporte", "ADMlN", "Club Nica", "AdminAna".
 * "Carmen", "Ramón", "Modesto" or "Edmundo" do not.
 */
export function claimsStaffRole(name: string): boolean {
  const rawWords = fold(name)
    .split(/[^\p{L}\p{N}@$!|]+/u)
    .filter(Boolean);
  // Digits as letters ("Adm1n"), then digits at either end of a word as separators ("Mod2").
  return [rawWords, rawWords.map(withoutEdgeDigits)].some((reading) => {
    const words = reading.map(skeletonOf).filter(Boolean);
    const candidates = [...words, words.join("")];
    for (let i = 0; i + 1 < words.length; i++) candidates.push(`${words[i]}${words[i + 1]}`);
    return candidates.some(isStaffNameWord) || words.some(hasReservedEdge);
  });
}
