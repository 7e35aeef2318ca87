import type { Profile } from "../../common/api/users";

/** The profile's text fields, as PUT /api/users/me/profile and POST /signup/complete take them. */
export const PROFILE_TEXT_FIELDS = [
  "first_name",
  "middle_name",
  "last_name",
  "email",
  "school",
  "region",
  "gender",
  "description",
] as const;

export function fullName(p: Pick<Profile, "first_name" | "middle_name" | "last_name" | "username">): string {
  const name = [p.first_name, p.middle_name, p.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || p.username;
}
