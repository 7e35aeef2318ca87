import { z } from "zod";
import { normalizeRegion, normalizeSocialLinks, normalizeTags, parseSocialLinks } from "../club-rules";
import { REGIONS } from "../enums";
import { NormalizeError, normalizeMeetingPlace } from "../links";
import { m } from "../messages";
import { CLUB_PERMISSIONS } from "./club-officers";
import { pageFields } from "./params";

/**
 * Club form fields (spec section 7) as they arrive in multipart (everything is a string) or
 * JSON. Each field is normalised here, so a bad value is a 422 on that field's location.
 * `undefined` means "not sent" (PUT keeps the stored value); `null` means "cleared".
 */

const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

function optionalText(max: number) {
  return z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(max, { error: () => m.clubs.textTooLong })
      .nullable()
      .optional(),
  );
}

function normalised<T>(fn: (v: string | null | undefined) => T, message: (error: NormalizeError) => string) {
  return z.preprocess(emptyToNull, z.string().nullable().optional()).transform((value, ctx) => {
    if (value === undefined) return undefined;
    try {
      return fn(value);
    } catch (error) {
      if (!(error instanceof NormalizeError)) throw error;
      ctx.addIssue({ code: "custom", message: message(error) });
      return z.NEVER;
    }
  });
}

const booleanField = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || typeof value === "boolean") return value;
    const v = value.trim().toLowerCase();
    if (["true", "1", "on", "yes"].includes(v)) return true;
    if (["false", "0", "off", "no"].includes(v)) return false;
    ctx.addIssue({ code: "custom", message: m.clubs.invalidBoolean });
    return z.NEVER;
  });

const coverPosition = z
  .union([z.number(), z.string()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || (typeof value === "string" && value.trim() === "")) return undefined;
    const n = typeof value === "number" ? value : Number(value.trim());
    if (!Number.isFinite(n) || n < 0 || n > 100) {
      ctx.addIssue({ code: "custom", message: m.clubs.invalidCoverPosition });
      return z.NEVER;
    }
    // Sliders may send decimals; the stored position is a whole percentage.
    return Math.round(n);
  });

const socialLinksField = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    let input: ReturnType<typeof parseSocialLinks>;
    try {
      input = parseSocialLinks(typeof value === "string" ? value : JSON.stringify(value));
    } catch {
      ctx.addIssue({ code: "custom", message: m.clubs.invalidSocialLinks });
      return z.NEVER;
    }
    const { links, invalid } = normalizeSocialLinks(input);
    for (const key of invalid) {
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: key === "whatsapp" ? m.clubs.invalidWhatsapp : m.clubs.invalidLink,
      });
    }
    return invalid.length ? z.NEVER : links;
  });

export const MAX_JOIN_QUESTIONS = 3;
export const MAX_JOIN_QUESTION_LENGTH = 200;

/**
 * Up to three questions as a JSON list of texts (multipart carries it as a string). Blank
 * entries are dropped, so a form can always send its three boxes.
 */
const joinQuestionsField = z
  .union([z.string(), z.array(z.unknown())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    let list: unknown = value;
    if (typeof value === "string") {
      try {
        list = value.trim() === "" ? [] : JSON.parse(value);
      } catch {
        list = null;
      }
    }
    if (!Array.isArray(list) || list.some((q) => typeof q !== "string")) {
      ctx.addIssue({ code: "custom", message: m.joinQuestions.invalidList });
      return z.NEVER;
    }
    const questions = (list as string[]).map((q) => q.trim()).filter((q) => q !== "");
    if (questions.length > MAX_JOIN_QUESTIONS) {
      ctx.addIssue({ code: "custom", message: m.joinQuestions.tooMany });
      return z.NEVER;
    }
    questions.forEach((q, i) => {
      if (q.length > MAX_JOIN_QUESTION_LENGTH)
        ctx.addIssue({ code: "custom", path: [i], message: m.joinQuestions.questionTooLong });
    });
    return questions;
  });

/**
 * An empty file input arrives as "" or as a zero-byte file: both mean "no new image". z.file()
 * (not instanceof) so /docs can describe the part as a binary upload.
 */
const imageField = z.preprocess(
  (v) => (v === "" || v === null || (v instanceof Blob && v.size === 0) ? undefined : v),
  z.file({ error: () => m.uploads.onlyImages }).optional(),
);

const requiredName = z
  .string({ error: () => m.clubs.nameRequired })
  .trim()
  .min(1, { error: () => m.clubs.nameRequired })
  .max(120, { error: () => m.clubs.nameTooLong });
const requiredDescription = z
  .string({ error: () => m.clubs.descriptionRequired })
  .trim()
  .min(1, { error: () => m.clubs.descriptionRequired })
  .max(300, { error: () => m.clubs.descriptionTooLong });

const tagsMessage = (error: NormalizeError) =>
  error.message === "too many tags" ? m.clubs.tooManyTags : m.clubs.tagTooLong;

const commonFields = {
  profile_description: optionalText(10_000),
  tags: normalised((v) => normalizeTags(v) || "", tagsMessage),
  is_open: booleanField,
  social_links: socialLinksField,
  region: normalised(normalizeRegion, () => m.clubs.invalidRegion),
  meeting_location: normalised(normalizeMeetingPlace, () => m.clubs.invalidMeetingPlace),
  president: optionalText(120),
  vice: optionalText(120),
  secretary: optionalText(120),
  member_criteria: optionalText(2_000),
  contact_hours: optionalText(200),
  response_time: optionalText(200),
  join_questions: joinQuestionsField,
  cover_position_x: coverPosition,
  cover_position_y: coverPosition,
  image: imageField,
  profile_picture: imageField,
};

export const createClubBody = z.object({
  name: requiredName,
  description: requiredDescription,
  ...commonFields,
});

export const updateClubBody = z.object({
  name: requiredName.optional(),
  description: requiredDescription.optional(),
  ...commonFields,
});

export type CreateClubInput = z.output<typeof createClubBody>;
export type UpdateClubInput = z.output<typeof updateClubBody>;

const optionalQueryText = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().trim().max(100).optional(),
);

export const listClubsQuery = z.object({
  tag: optionalQueryText,
  q: optionalQueryText,
  region: normalised(normalizeRegion, () => m.clubs.invalidRegion),
  ...pageFields(),
});

export const clubListItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  tags: z.string(),
  region: z.enum(REGIONS).nullable(),
  image_url: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  member_count: z.number(),
  is_open: z.boolean(),
  cover_position_x: z.number(),
  cover_position_y: z.number(),
});

export const socialLinksResponse = z.object({
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  google_forms: z.string().nullable(),
  whatsapp: z.string().nullable(),
});

export const clubDetail = clubListItem.extend({
  profile_description: z.string().nullable(),
  social_links: socialLinksResponse,
  meeting_location: z.string().nullable(),
  president: z.string().nullable(),
  vice: z.string().nullable(),
  secretary: z.string().nullable(),
  member_criteria: z.string().nullable(),
  contact_hours: z.string().nullable(),
  response_time: z.string().nullable(),
  join_questions: z
    .array(z.string())
    .describe("Up to three questions the Connect button asks; answers go with the join request"),
  owner_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  members: z.array(
    z.object({
      id: z.number(),
      username: z.string().nullable().describe("null for guests: they see no one's name"),
      display_name: z
        .string()
        .describe(
          'The member\'s name (else username) for signed-in viewers; for guests the neutral "Member" ("Miembro")',
        ),
      picture_url: z
        .string()
        .nullable()
        .describe("The member's profile picture for signed-in viewers; null for guests and when none"),
    }),
  ),
  is_member: z.boolean().optional(),
  request_pending: z.number().nullable().optional(),
  can_edit: z.boolean().optional(),
  my_permissions: z
    .array(z.enum(CLUB_PERMISSIONS))
    .optional()
    .describe(
      "Signed in only: the officer permissions the viewer holds here (admins all; the owner all but moderate_chat; an officer their own; else none)",
    ),
});

export const tagCount = z.object({ tag: z.string(), count: z.number() });

/** The response types the browser reads (snake_case as the API sends them). */
export type ClubListItem = z.infer<typeof clubListItem>;
export type SocialLinks = z.infer<typeof socialLinksResponse>;
export type ClubDetail = z.infer<typeof clubDetail>;
export type ClubMember = ClubDetail["members"][number];
export type TagCount = z.infer<typeof tagCount>;
