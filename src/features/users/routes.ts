import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import { carriesFile, uploadsNote } from "../../platform/rate-limits/actions";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules, type LimitContext } from "../../plugins/route-rules";
import { profileFormBody, profileResponse, signupCompleteBody, signupCompleteResponse } from "./schema";
import { getProfile, updateProfile } from "./service";
import { completeSignup } from "./signup-service";

const profileRules =
  'first_name, last_name and email are required (422 "First name, last name, and email are required."); email must be valid and unused by another account (409); region one of Managua, León, Masaya, Granada; gender male, female or other; picture PNG or JPEG up to 5 MB, judged by its bytes (415 "Only PNG, JPG or JPEG images are allowed."). Optional fields left out keep their value; an empty value clears them. Names and school are saved without bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) or zero-width and other invisible characters; the description loses the bidirectional controls and zero-width spaces. A name may not contain a check mark (✓ ✔ ☑ ✅ …), nor claim a staff role (admin, administrador, moderador, soporte, support, ClubNica…, look-alikes such as Adm1n included) unless the account is an admin: 422 with a { loc, msg } list naming the field.';

/** Admins look people up to moderate; reading oneself tells nothing new. */
function readsSomeoneElse({ user, params }: LimitContext): boolean {
  return user?.role !== "admin" && user?.id !== params.id;
}

export function userRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "user-routes", detail: { tags: ["Users"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/api/users/me",
      async ({ user }) => await getProfile({ db: deps.db, userId: user.id, viewer: user }),
      {
        auth: true,
        response: { 200: profileResponse },
        detail: {
          summary: "The signed-in user's profile",
          description:
            "Includes e-mail, ban and mute details, clubs, profile_completed and owner_request_pending.",
          security: [{ bearer: [] }],
        },
      },
    )
    .get(
      "/api/users/:id",
      async ({ user, params }) => await getProfile({ db: deps.db, userId: params.id, viewer: user }),
      {
        rateLimit: { action: "profileReads", when: readsSomeoneElse },
        auth: true,
        params: idParam,
        response: { ...errorResponses(404, 429), 200: profileResponse },
        detail: {
          summary: "Another user's profile",
          description:
            "Every key is always present. id, username, role, names, region and profile_picture_url for everyone signed in. school, gender, description and clubs only for people who share a club with the person (membership or ownership), admins and the person; for anyone else they are null and limited is true. email, ban_until, mute_until, is_banned, is_muted and locale are null unless the viewer is that user or an admin. Reading other people's profiles is limited per account (RATE_PROFILE_READS_PER_ACCOUNT, default 120 an hour; admins exempt): past it 429 with Retry-After.",
          security: [{ bearer: [] }],
        },
      },
    )
    .put(
      "/api/users/me/profile",
      async ({ user, body }) => await updateProfile({ deps, userId: user.id, role: user.role, form: body }),
      {
        rateLimit: { action: "uploads", when: carriesFile },
        bodyLimit: "image",
        auth: true,
        body: profileFormBody,
        response: { ...errorResponses(404, 409, 415, 429), 200: profileResponse },
        detail: {
          summary: "Save the signed-in user's profile (multipart)",
          description: `Fields: first_name, middle_name, last_name, email, school, region, gender, description, picture (file). ${profileRules} Changing the e-mail clears email_verified. ${uploadsNote} Returns the profile.`,
          security: [{ bearer: [] }],
        },
      },
    )
    .post(
      "/signup/complete",
      async ({ body, jwt, set }) => {
        const { claims, profile } = await completeSignup({ deps, input: body });
        set.status = 201;
        return { access_token: await jwt.sign(claims), token_type: "bearer" as const, user: profile };
      },
      {
        rateLimit: { address: "signups" },
        bodyLimit: "image",
        body: signupCompleteBody,
        response: { ...errorResponses(409, 415, 429), 201: signupCompleteResponse },
        detail: {
          tags: ["Auth"],
          summary: "Sign up with a profile in one call (multipart) and log in",
          description: `The profile-creation screen's call (spec section 4): username, password, role (member or owner) plus the profile fields and an optional picture. Creates the account and its profile in one transaction and returns 201 { access_token, token_type: "bearer", user: <profile> }. Role owner records a pending owner request (the account is a member until an admin approves). Username taken: 409 "That username is already taken."; a reserved or look-alike staff username (admin_, adm1n, soporte-clubnica…): 422 as for POST /signup. ${profileRules} No verification code is sent here: the client then calls POST /auth/verify-email/start with the token. Limited per client address like POST /signup (RATE_SIGNUPS_PER_ADDRESS, RATE_OWNER_REQUESTS_PER_ADDRESS): past either 429 with Retry-After.`,
        },
      },
    );
}
