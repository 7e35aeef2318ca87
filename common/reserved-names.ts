import { collapse, fold, skeletonOf, withoutEdgeDigits, wordMatcher, wordsOf } from "./name-skeleton";
import { RESERVED_USERNAMES, STAFF_NAME_WORDS } from "./reserved-name-words";

/**
 * Names a person may not give themself because they read as ClubNica's staff: reserved
 * usernames and staff titles in display names (invisible characters and check marks:
 * common/name-text.ts). Pure rules, shared by the server (which enforces them) and the browser
 * (which may show them early).
 * The word lists themselves are in common/reserved-name-words.ts.
 *
 * Every comparison is made on a *skeleton* (common/name-skeleton.ts): lower case, no accents, common
 * look-alikes and leetspeak mapped to one letter, repeated letters collapsed. The reserved words
 * go through the same function, so "Adm1n", "ADMLN", "adrnin" and "aaadmin" all meet "admin".
 */

// ---------------------------------------------------------------------------------------------
// Reserved usernames

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
