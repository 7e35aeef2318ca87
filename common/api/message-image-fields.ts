import { z } from "zod";

/** The photo fields of a message JSON, the shape posts use (image_url, thumbnail_url). */
export const messageImageFields = {
  image_url: z
    .string()
    .nullable()
    .describe(
      "The photo (at most 1600 px a side); WebP copies at /400.webp and /800.webp after it. Null: no photo, a tombstone, or withheld (image_request 'pending').",
    ),
  thumbnail_url: z.string().nullable().describe("The photo 400 px wide (WebP), for the thread."),
  image_width: z
    .number()
    .nullable()
    .describe("The photo's width in pixels (so the thread reserves its space)."),
  image_height: z.number().nullable(),
  image_request: z
    .enum(["pending", "accepted"])
    .nullable()
    .describe(
      "For the recipient of a stranger's photo (a message request): 'pending' until they accept it (no URL is given), 'accepted' after (the app blurs it behind 'Show photo'). Null otherwise.",
    ),
};
