import { uploadUrl } from "../uploads";
import type { ProfileRow } from "./queries";
import type { ProfileJson } from "./schema";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Ban and mute as the API shows them to the user themself and to admins (the profile and the
 * admin user list): the stored times, and whether each is still in force now.
 */
export function restrictionJson(row: { banUntil: Date | null; muteUntil: Date | null }, now = new Date()) {
  return {
    ban_until: iso(row.banUntil),
    mute_until: iso(row.muteUntil),
    is_banned: !!row.banUntil && row.banUntil > now,
    is_muted: !!row.muteUntil && row.muteUntil > now,
  };
}

const hiddenRestriction = { ban_until: null, mute_until: null, is_banned: null, is_muted: null };

/**
 * The profile as the API shows it. E-mail, ban and mute only to the user and admins. A
 * `limited` profile (a viewer who shares no club with the person) keeps every key but answers
 * school, gender, description and clubs as null.
 */
export function toProfileJson(
  row: ProfileRow,
  options: { private: boolean; limited?: boolean },
): ProfileJson {
  const show = options.private;
  const limited = options.limited ?? false;
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    first_name: row.firstName,
    middle_name: row.middleName,
    last_name: row.lastName,
    email: show ? row.email : null,
    school: limited ? null : row.school,
    region: row.region,
    gender: limited ? null : row.gender,
    description: limited ? null : row.description,
    profile_picture_url: uploadUrl(row.profilePictureId),
    clubs: limited ? null : row.clubs,
    limited,
    ...(show ? restrictionJson(row) : hiddenRestriction),
    test_account: row.testAccount,
    email_verified: row.emailVerified,
    profile_completed: !!(row.firstName && row.lastName && row.email),
    owner_request_pending: row.ownerRequestPending,
    locale: show ? row.locale : null,
  };
}
