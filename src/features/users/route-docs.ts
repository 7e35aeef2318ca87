/** What /docs says about the user calls (routes.ts): the prose, kept out of the route table. */
import { uploadsNote } from "../../platform/rate-limits/actions";

const profileRules =
  'first_name, last_name and email are required (422 "First name, last name, and email are required."); email must be valid and unused by another account (409); region one of Managua, León, Masaya, Granada; gender male, female or other; picture PNG or JPEG up to 5 MB, judged by its bytes (415 "Only PNG, JPG or JPEG images are allowed."). Optional fields left out keep their value; an empty value clears them. Names and school are saved without bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) or zero-width and other invisible characters; the description loses the bidirectional controls and zero-width spaces. A name may not contain a check mark (✓ ✔ ☑ ✅ …), nor claim a staff role (admin, administrador, moderador, soporte, support, ClubNica…, look-alikes such as Adm1n included) unless the account is an admin: 422 with a { loc, msg } list naming the field.';

export const usersDocs = {
  myProfile: {
    summary: "The signed-in user's profile",
    description: "Includes e-mail, ban and mute details, clubs, profile_completed and owner_request_pending.",
  },
  profile: {
    summary: "Another user's profile",
    description:
      "Every key is always present. id, username, role, names, region and profile_picture_url for everyone signed in. school, gender, description and clubs only for people who share a club with the person (membership or ownership), admins and the person; for anyone else they are null and limited is true. email, ban_until, mute_until, is_banned, is_muted and locale are null unless the viewer is that user or an admin. Reading other people's profiles is limited per account (RATE_PROFILE_READS_PER_ACCOUNT, default 120 an hour; admins exempt): past it 429 with Retry-After.",
  },
  saveProfile: {
    summary: "Save the signed-in user's profile (multipart)",
    description: `Fields: first_name, middle_name, last_name, email, school, region, gender, description, picture (file). ${profileRules} Changing the e-mail clears email_verified. ${uploadsNote} Returns the profile.`,
  },
  signupComplete: {
    summary: "Sign up with a profile in one call (multipart) and log in",
    description: `The profile-creation screen's call (spec section 4): username, password, role (member or owner) plus the profile fields and an optional picture. Creates the account and its profile in one transaction and returns 201 { access_token, token_type: "bearer", user: <profile> }. Role owner records a pending owner request (the account is a member until an admin approves). Username taken: 409 "That username is already taken."; a reserved or look-alike staff username (admin_, adm1n, soporte-clubnica…): 422 as for POST /signup. ${profileRules} Also sets the device cookie a right log-in sets (see POST /login): this browser is trusted for the new username from the start. No verification code is sent here: the client then calls POST /auth/verify-email/start with the token. Limited per client address like POST /signup (RATE_SIGNUPS_PER_ADDRESS, RATE_OWNER_REQUESTS_PER_ADDRESS): past either 429 with Retry-After.`,
  },
} as const;
