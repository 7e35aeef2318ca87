import { z } from "zod";
import { foldText } from "../club-rules";
import { GENDERS, REGIONS } from "../enums";
import { format, m } from "../messages";
import { LOCALES } from "../messages/locales";
import { signupBody } from "./auth";

/**
 * The profile form as it arrives (multipart: every field a string, the picture a file). Kept
 * loose on purpose: the rules live in parseProfileForm, so a missing name gives the spec's one
 * sentence rather than a list of field errors.
 */
const text = z.union([z.string(), z.number()]).optional();
// z.file() (not instanceof) so /docs can describe the part as a binary upload.
const picture = z.union([z.file(), z.string()]).optional();

export const profileFormFields = {
  first_name: text,
  middle_name: text,
  last_name: text,
  email: text,
  school: text,
  region: text,
  gender: text,
  description: text,
  picture,
};

export const profileFormBody = z.object(profileFormFields);
export type ProfileForm = z.output<typeof profileFormBody>;

/** /signup's fields (same rules and messages) plus the profile form. */
export const signupCompleteBody = z.object({ ...signupBody.shape, ...profileFormFields });

// Numbers were turned into text by parseProfileForm already.
const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

const tooLong = (field: keyof typeof m.accounts.fieldLabels, max: number) => ({
  error: () => format(m.accounts.tooLong, { field: m.accounts.fieldLabels[field], max }),
});

function optionalText(field: keyof typeof m.accounts.fieldLabels, max: number) {
  return z.preprocess(emptyToNull, z.string().trim().max(max, tooLong(field, max)).nullable().optional());
}

/** "leon", "LEÓN" and "León" are one region (folded as clubs fold it); stored as the spec spells it. */
const regionField = z.preprocess(
  emptyToNull,
  z
    .string()
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return value;
      const match = REGIONS.find((r) => foldText(r) === foldText(value.trim()));
      if (match) return match;
      ctx.addIssue({ code: "custom", message: m.accounts.regionInvalid });
      return z.NEVER;
    }),
);

const genderField = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim().toLowerCase()) : v),
  z
    .enum(GENDERS, { error: () => m.accounts.genderInvalid })
    .nullable()
    .optional(),
);

/** An e-mail address as profiles (and admin-made dummy users) store it. */
export const emailSchema = z
  .string()
  .trim()
  .max(254, { error: () => m.accounts.emailInvalid })
  .pipe(z.email({ error: () => m.accounts.emailInvalid }));

/** After the required check: the remaining rules per field, as `{ loc, msg }` entries. */
export const profileRules = z.object({
  first_name: z.string().trim().min(1).max(100, tooLong("first_name", 100)),
  middle_name: optionalText("middle_name", 100),
  last_name: z.string().trim().min(1).max(100, tooLong("last_name", 100)),
  email: emailSchema,
  school: optionalText("school", 200),
  region: regionField,
  gender: genderField,
  description: optionalText("description", 5000),
});
export type ProfileValues = z.output<typeof profileRules>;

export const clubRef = z.object({ id: z.number(), name: z.string() });

const hiddenWhenLimited = "Null when the profile is limited (see limited).";

export const profileResponse = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(["member", "owner", "admin"]),
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable().describe("Only for the user themself and admins; null otherwise."),
  school: z.string().nullable().describe(hiddenWhenLimited),
  region: z.enum(REGIONS).nullable(),
  gender: z.enum(GENDERS).nullable().describe(hiddenWhenLimited),
  description: z.string().nullable().describe(hiddenWhenLimited),
  profile_picture_url: z.string().nullable(),
  clubs: z.array(clubRef).nullable().describe(`Clubs the user is a member of. ${hiddenWhenLimited}`),
  limited: z
    .boolean()
    .describe(
      "True when the viewer shares no club with this person (and is neither them nor an admin): school, gender, description and clubs are then null.",
    ),
  ban_until: z.string().nullable().describe("Only for the user themself and admins."),
  mute_until: z.string().nullable().describe("Only for the user themself and admins."),
  is_banned: z.boolean().nullable().describe("Only for the user themself and admins; null otherwise."),
  is_muted: z.boolean().nullable().describe("Only for the user themself and admins; null otherwise."),
  test_account: z.boolean(),
  email_verified: z.boolean(),
  profile_completed: z.boolean().describe("First name, last name and e-mail are set."),
  owner_request_pending: z.boolean(),
  locale: z
    .enum(LOCALES)
    .nullable()
    .describe(
      "The language the user chose (es or en). Only for the user themself and admins; null otherwise or until chosen.",
    ),
});
export type ProfileJson = z.infer<typeof profileResponse>;

export const signupCompleteResponse = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  user: profileResponse,
});
export type Profile = ProfileJson;
