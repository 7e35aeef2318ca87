import { m } from "../../../common/messages";
import { Invalid, UnsupportedMediaType } from "../../lib/errors";
import type { ProfileUpdate } from "./queries";
import { type ProfileForm, profileRules } from "./schema";

const asText = (v: string | number | undefined) => (typeof v === "number" ? String(v) : v);

/**
 * Applies the profile rules: first name, last name and e-mail first (one sentence, as the spec
 * words it), then each other field. Optional fields that were not sent stay as they are; an
 * empty value clears them.
 */
export function parseProfileForm(form: ProfileForm): ProfileUpdate & { email: string } {
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
  if (!candidate.first_name?.trim() || !candidate.last_name?.trim() || !candidate.email?.trim()) {
    throw new Invalid(m.accounts.profileRequired);
  }
  const parsed = profileRules.safeParse(candidate);
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
