import { z } from "zod";
import { m } from "../messages";
import { isReservedUsername } from "../reserved-names";
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_CHARACTERS, USERNAME_MAX, USERNAME_MIN } from "../signup-rules";

/** What every account's username looks like. Admins creating accounts are held to this only. */
export const usernameFormat = z
  .string()
  .trim()
  .min(USERNAME_MIN, { error: () => m.auth.usernameTooShort })
  .max(USERNAME_MAX, { error: () => m.auth.usernameTooLong })
  .regex(USERNAME_CHARACTERS, { error: () => m.auth.usernameCharacters });

/**
 * A username a person picks for themself: the format, and not a reserved or look-alike staff
 * name ("admin_", "adm1n", "soporte-clubnica": common/reserved-names.ts). Judged only once the
 * format holds, so a bad name gets one message.
 */
const usernameSchema = usernameFormat.refine(
  (v) =>
    v.length < USERNAME_MIN ||
    v.length > USERNAME_MAX ||
    !USERNAME_CHARACTERS.test(v) ||
    !isReservedUsername(v),
  { error: () => m.auth.usernameReserved },
);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: () => m.accounts.passwordTooShort })
  .max(PASSWORD_MAX, { error: () => m.auth.passwordTooLong });

export const signupBody = z.object({
  username: usernameSchema,
  password: passwordSchema,
  role: z.enum(["member", "owner"], { error: () => m.auth.roleMemberOrOwner }).default("member"),
});

export const loginBody = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: () => m.auth.usernameRequired })
    .max(64),
  password: z
    .string()
    .min(1, { error: () => m.auth.passwordRequired })
    .max(256),
});

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
});

export const signupResponse = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(["member", "owner", "admin"]),
  owner_request_pending: z.boolean(),
});
