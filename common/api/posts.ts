import { z } from "zod";
import { FEED_SORTS, type FeedSort } from "../enums";
import { format, m } from "../messages";
import { MAX_INT, pageFields } from "./params";

const LIMITS = { title: 200, shortDescription: 500, content: 10_000, location: 300 } as const;

/** Multipart forms carry booleans as text: "true"/"false" (also "1"/"0", "on"/"off"). */
const formBoolean = z
  .union([z.boolean(), z.string().trim().toLowerCase()])
  .refine((v) => typeof v === "boolean" || ["true", "false", "1", "0", "on", "off", ""].includes(v), {
    error: () => m.posts.invalidBoolean,
  })
  .transform((v) => (typeof v === "boolean" ? v : v === "true" || v === "1" || v === "on"));

// Messages are read when a request fails validation (its language), never at module load.
const text = (max: number, message: () => string) =>
  z
    .string()
    .max(max, { error: () => format(message(), { max }) })
    .optional();

/** A file field; browsers send an empty file (or an empty string) when nothing was chosen. */
const imageField = z.union([z.file(), z.string()]).optional();

const postFields = {
  title: text(LIMITS.title, () => m.posts.titleTooLong),
  short_description: text(LIMITS.shortDescription, () => m.posts.shortDescriptionTooLong),
  content: text(LIMITS.content, () => m.posts.contentTooLong),
  instagram_url: z
    .string()
    .max(2000, { error: () => m.posts.invalidInstagramUrl })
    .optional(),
  image: imageField,
  is_event: formBoolean.optional(),
  event_date: z
    .string()
    .max(64, { error: () => m.posts.invalidDate })
    .optional(),
  event_location: text(LIMITS.location, () => m.posts.locationTooLong),
  // Multipart text: a whole number of places, or blank for no limit (checked by parseCapacity).
  capacity: z.union([z.string().max(12), z.number()]).optional(),
  display_image_first: formBoolean.optional(),
};

export const createPostBody = z.object({
  club_id: z.coerce
    .number({ error: () => m.posts.invalidClubId })
    .int()
    .positive({ error: () => m.posts.invalidClubId })
    .max(MAX_INT, { error: () => m.posts.invalidClubId }),
  ...postFields,
});

export const updatePostBody = z.object({
  ...postFields,
  remove_image: formBoolean.optional(),
});

export type CreatePostInput = z.infer<typeof createPostBody>;
export type UpdatePostInput = z.infer<typeof updatePostBody>;

/** Offsets are capped: reading deeper than this costs as many rows; the cursor does not. */
const MAX_OFFSET = 10_000;

export const pageQuery = z.object({
  ...pageFields({ maxOffset: MAX_OFFSET }),
  cursor: z.string().max(200).optional(),
});

const FEED_FILTERS = FEED_SORTS;
export type FeedFilter = FeedSort;

export const feedQuery = pageQuery.extend({
  filter: z.enum(FEED_FILTERS).default("relevant"),
  scope: z.enum(["all", "connected"]).default("all"),
});

export const eventsQuery = z.object({
  from: z.string().max(64).optional(),
  to: z.string().max(64).optional(),
  ...pageFields({ defaultLimit: 100, maxOffset: 1_000_000 }),
});

export const postResponse = z.object({
  id: z.number(),
  club_id: z.number(),
  club_name: z.string(),
  club_image_url: z.string().nullable(),
  club_cover_url: z.string().nullable(),
  title: z.string().nullable(),
  short_description: z.string().nullable(),
  content: z.string().nullable(),
  instagram_url: z.string().nullable(),
  image_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  media: z.array(z.object({ url: z.string() })),
  is_event: z.boolean(),
  event_date: z.string().nullable(),
  event_location: z.string().nullable(),
  /** Places at the event; null: no limit. going_count may exceed it after it was lowered. */
  capacity: z.number().nullable(),
  going_count: z.number(),
  waitlist_count: z.number(),
  /** The viewer's answer: null when none (and for guests). */
  my_rsvp: z.enum(["going", "waitlisted", "not_going"]).nullable(),
  poll_id: z
    .number()
    .nullable()
    .describe(
      "Set when the post is a poll (its title is the question): GET /api/polls/{id} gives its results.",
    ),
  display_image_first: z.boolean(),
  created_at: z.string(),
  like_count: z.number(),
  liked_by_me: z.boolean(),
  favorite_count: z.number(),
  favorited_by_me: z.boolean(),
  comment_count: z.number(),
  views: z.number(),
  can_edit: z
    .boolean()
    .describe("The viewer may edit and delete it: the club's owner, an admin, or an officer with `post`."),
  can_check_in: z
    .boolean()
    .describe(
      "The viewer may take attendance and see the RSVP list: the club's owner, an admin, or an officer with `check_in`.",
    ),
  pending_review: z
    .boolean()
    .describe("True while a watched word holds it: only its author sees it until an admin approves it."),
});

export type PostJson = z.infer<typeof postResponse>;

export const postListResponse = z.array(postResponse);
export const likeResponse = z.object({ like_count: z.number(), liked: z.boolean() });
export const favoriteResponse = z.object({ favorite_count: z.number(), favorited: z.boolean() });
export const viewResponse = z.object({ views: z.number() });
export type FeedPost = PostJson;
