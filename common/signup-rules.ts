import { isReservedUsername } from "./reserved-names";

/**
 * The rules a username and a password must meet, as data: the server's zod schemas
 * (common/api/auth.ts) are built from these numbers and this pattern, and /signup shows and
 * checks the same list while the person types, so the two cannot drift apart.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_CHARACTERS = /^[A-Za-z0-9_.-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type UsernameRule = "usernameLength" | "usernameCharacters" | "usernameReserved";
export type PasswordRule = "passwordLength";
export type RuleCheck<Rule extends string> = { rule: Rule; ok: boolean };

/** Every username rule with whether `value` meets it (trimmed, as the server trims). */
export function checkUsername(value: string): RuleCheck<UsernameRule>[] {
  const v = value.trim();
  const length = v.length >= USERNAME_MIN && v.length <= USERNAME_MAX;
  const characters = v.length > 0 && USERNAME_CHARACTERS.test(v);
  // As on the server: a name is judged reserved only once its format holds.
  const reserved = length && characters && isReservedUsername(v);
  return [
    { rule: "usernameLength", ok: length },
    { rule: "usernameCharacters", ok: characters },
    { rule: "usernameReserved", ok: v.length > 0 && !reserved },
  ];
}

export function checkPassword(value: string): RuleCheck<PasswordRule>[] {
  return [{ rule: "passwordLength", ok: value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX }];
}

/**
 * A username close to what was typed that meets the character rule ("Sofía López" →
 * "sofia.lopez"), offered beside the error; null when nothing usable is left.
 */
export function suggestUsername(value: string): string | null {
  const folded = value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ".")
    .replace(/[^a-z0-9_.-]/g, "")
    .slice(0, USERNAME_MAX);
  if (folded === value.trim() || folded.length < USERNAME_MIN) return null;
  return checkUsername(folded).every((c) => c.ok) ? folded : null;
}
