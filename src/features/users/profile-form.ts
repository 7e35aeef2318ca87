import { m } from "../../../common/messages";
import { cleanNameText } from "../../../common/name-text";
import { Invalid, UnsupportedMediaType } from "../../lib/errors";
import type { ProfileUpdate } from "./queries";
import { type ProfileForm, profileRules, profileRulesFor } from "./schema";

const asText = (v: string | number | undefined) => (typeof v === "number" ? String(v) : v);

/** An admin's own profile may name a staff role ("Admin ClubNica"); everyone else's may not. */
const adminProfileRules = profileRulesFor({ staffNames: true });

/** A name with nothing but invisible characters ("\u200B") is no name. */
const hasName = (v: string | undefined) => v !== undefined && cleanNameText(v) !== "";

/**
 * Applies the profile rules: first name, last name and e-mail first (one sentence, as the spec
 * words it), then each other field. Optional fields that were not sent stay as they are; an
 * empty value clears them. Names are stored without invisible or direction-changing characters
 * and may not claim a staff role unless `staffNames` (the account is an admin).
 */
export function parseProfileForm(
  form: ProfileForm,
  { staffNames = false }: { staffNames?: boolean } = {},
): ProfileUpdate & { email: string } {
  const candidate = {
    first_name: asText(form.first_name),
    middle_name: asText(form.middle_name),
    last_name: asText(form.last_name),
    email: asText(form.email),
    school: asText(form.school),
    region: asText(form.region),
    gender: asText(form.gender),
    description: asText(form.description),
  };
  if (!hasName(candidate.first_name) || !hasName(candidate.last_name) || !candidate.email?.trim()) {
    throw new Invalid(m.accounts.profileRequired);
  }
  const parsed = (staffNames ? adminProfileRules : profileRules).safeParse(candidate);
  if (!parsed.success) {
    throw new Invalid(
      parsed.error.issues.map((issue) => ({
        loc: ["body", ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
        msg: issue.message,
      })),
    );
  }
  const v = parsed.data;
  return {
    firstName: v.first_name,
    middleName: v.middle_name,
    lastName: v.last_name,
    email: v.email,
    school: v.school,
    region: v.region,
    gender: v.gender,
    description: v.description,
  };
}

/** The picture part: a non-empty file, nothing, or (a text value) a mistake. */
export function pictureFile(value: ProfileForm["picture"]): Blob | null {
  if (value === undefined || value === "") return null;
  if (typeof value === "string") throw new UnsupportedMediaType(m.accounts.pictureInvalid);
  return value.size > 0 ? value : null;
}
