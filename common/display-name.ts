import { cleanNameText } from "./name-text";

/** A person as the server's rows (camelCase) or the API's JSON (snake_case) carry them. */
type NamedPerson =
  | { username: string | null; firstName?: string | null; lastName?: string | null }
  | { username: string | null; first_name?: string | null; last_name?: string | null };

/**
 * "First Last" when the person gave a name, else their username, else `fallback` (a deleted
 * author). The one rule for the server's mails and pushes and the browser's screens: invisible
 * and direction-changing characters are dropped here too, for names saved before profiles
 * refused them (see common/reserved-names.ts).
 */
export function displayName(person: NamedPerson, fallback = ""): string {
  const [firstName, lastName] =
    "firstName" in person || "lastName" in person
      ? [
          (person as { firstName?: string | null }).firstName,
          (person as { lastName?: string | null }).lastName,
        ]
      : [
          (person as { first_name?: string | null }).first_name,
          (person as { last_name?: string | null }).last_name,
        ];
  // Written out rather than map/filter/join: this runs once per member of a club page (up to 500).
  const first = firstName ? cleanNameText(firstName) : "";
  const last = lastName ? cleanNameText(lastName) : "";
  const name = first && last ? `${first} ${last}` : first || last;
  return name || person.username || fallback;
}
