import { z } from "zod";
import { foldText } from "../club-rules";
import { GENDERS, REGIONS } from "../enums";
import { format, m } from "../messages";
import { LOCALES } from "../messages/locales";
import { cleanFreeText, cleanNameText, hasCheckMark } from "../name-text";
import { claimsStaffRole } from "../reserved-names";
import { signupBody } from "./auth";

/**
 * The profile form as it arrives (multipart: every field a string, the picture a file). Kept
 * loose on purpose: the rules live in parseProfileForm, so a missing name gives the spec's one
 * sentence rather than a list of field errors.
 */
const text = z.union([z.string(), z.number()]).optional();
// z.file() (not instanceof) so /docs can describe the part as a binary upload.
const picture = z.union([z.file(), z.string()]).optional();

const profileFormFields = {
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

/** Names and the school lose invisible and direction-changing characters (U+202E, U+200B…). */
const cleanName = (v: unknown) => (typeof v === "string" ? cleanNameText(v) : v);
/** The description keeps emoji joiners but loses direction overrides and zero-width spaces. */
const cleanFree = (v: unknown) => (typeof v === "string" ? cleanFreeText(v) : v);

const tooLong = (field: keyof typeof m.accounts.fieldLabels, max: number) => ({
  error: () => format(m.accounts.tooLong, { field: m.accounts.fieldLabels[field], max }),
});

function optionalText(
  field: keyof typeof m.accounts.fieldLabels,
  max: number,
  clean: (v: unknown) => unknown,
) {
  return z.preprocess(
    (v) => emptyToNull(clean(v)),
    z.string().trim().max(max, tooLong(field, max)).nullable().optional(),
  );
}

type NameField = "first_name" | "middle_name" | "last_name";
type NameOptions = { staffNames: boolean };

/** A name's own rules: no check marks, and no staff title unless the account is an admin's. */
function nameChecks(schema: z.ZodString, field: NameField, { staffNames }: NameOptions) {
  const label = () => m.accounts.fieldLabels[field];
  const checked = schema.refine((v) => !hasCheckMark(v), {
    error: () => format(m.accounts.nameCheckMark, { field: label() }),
  });
  if (staffNames) return checked;
  return checked.refine((v) => !claimsStaffRole(v), {
    error: () => format(m.accounts.nameStaffRole, { field: label() }),
  });
}

function requiredName(field: NameField, options: NameOptions) {
  return z.preprocess(
    cleanName,
    nameChecks(z.string().trim().min(1).max(100, tooLong(field, 100)), field, options),
  );
}

function optionalName(field: NameField, options: NameOptions) {
  const rules = nameChecks(z.string().trim().max(100, tooLong(field, 100)), field, options);
  return z.preprocess((v) => emptyToNull(cleanName(v)), rules.nullable().optional());
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

/**
 * After the required check: the remaining rules per field, as `{ loc, msg }` entries. Names and
 * the school are stored without invisible or direction-changing characters; a name may not hold
 * a check mark, and (unless `staffNames`: an admin's own profile) may not claim a staff role,
 * alone or with the other names ("Club" "Nica"); see common/reserved-names.ts.
 */
export function profileRulesFor(options: NameOptions) {
  return z
    .object({
      first_name: requiredName("first_name", options),
      middle_name: optionalName("middle_name", options),
      last_name: requiredName("last_name", options),
      email: emailSchema,
      school: optionalText("school", 200, cleanName),
      region: regionField,
      gender: genderField,
      description: optionalText("description", 5000, cleanFree),
    })
    .superRefine((v, ctx) => {
      if (options.staffNames) return;
      const names = [v.first_name, v.middle_name, v.last_name].filter((n) => typeof n === "string" && n);
      // Each name alone was judged above; this is for a title split across them.
      if (names.length < 2 || names.some((n) => claimsStaffRole(n as string))) return;
      if (claimsStaffRole(names.join(" "))) {
        ctx.addIssue({ code: "custom", path: ["last_name"], message: m.accounts.fullNameStaffRole });
      }
    });
}

/** The rules for everyone but admins. */
export const profileRules = profileRulesFor({ staffNames: false });
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
