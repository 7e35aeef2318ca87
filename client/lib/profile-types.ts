import type { Role } from "./session";

/** GET /api/users/me and /api/users/{id}. E-mail, ban and mute are null for other viewers. */
export type Profile = {
  id: number;
  username: string;
  role: Role;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  email: string | null;
  school: string | null;
  region: string | null;
  gender: string | null;
  description: string | null;
  profile_picture_url: string | null;
  clubs: { id: number; name: string }[];
  ban_until: string | null;
  mute_until: string | null;
  is_banned: boolean | null;
  is_muted: boolean | null;
  test_account: boolean;
  email_verified: boolean;
  profile_completed: boolean;
  owner_request_pending: boolean;
};

export { GENDERS, REGIONS } from "../../common/enums";

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
