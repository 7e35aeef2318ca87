import { z } from "zod";
import { MAX_TAG_LENGTH } from "../club-rules";
import { REGIONS } from "../enums";
import { format, m } from "../messages";
import { clubListItem } from "./clubs";

/** At most this many topics: enough to say what one likes, few enough that each still ranks. */
const MAX_INTEREST_TAGS = 10;
const MAX_SCHOOL_LENGTH = 200;

/**
 * PUT /api/users/me/interests. Each field is optional: left out keeps the saved value, null (or
 * an empty text) clears it. Tags are checked against the tags clubs use by the service (the
 * known set lives in the database); here only their shape.
 */
export const interestsBody = z.object({
  tags: z
    .array(z.string().trim().min(1).max(MAX_TAG_LENGTH))
    .max(MAX_INTEREST_TAGS, { error: () => format(m.interests.tooManyTags, { max: MAX_INTEREST_TAGS }) })
    .optional(),
  region: z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .enum(REGIONS, { error: () => m.accounts.regionInvalid })
      .nullable()
      .optional(),
  ),
  school: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string()
      .trim()
      .max(MAX_SCHOOL_LENGTH, { error: () => format(m.interests.schoolTooLong, { max: MAX_SCHOOL_LENGTH }) })
      .nullable()
      .optional(),
  ),
});

export const interestsResponse = z.object({
  tags: z.array(z.string()).describe("As clubs spell them"),
  region: z.enum(REGIONS).nullable(),
  school: z.string().nullable(),
  updated_at: z.string().nullable().describe("null until the person first saves (or skips) the picker"),
});

export const suggestedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

export const suggestedClub = clubListItem.extend({
  reasons: z.array(z.string()).describe("The rules that matched, in the reader's language"),
});

export type InterestsBody = z.infer<typeof interestsBody>;
export type Interests = z.infer<typeof interestsResponse>;
export type SuggestedClub = z.infer<typeof suggestedClub>;
