import { z } from "zod";

/** One person the caller has blocked, as the profile's "Blocked people" list shows them. */
export const blockedUser = z.object({
  user_id: z.number(),
  username: z.string(),
  display_name: z.string(),
  profile_picture_url: z.string().nullable(),
  blocked_at: z.string(),
});

/**
 * Between the caller and another person: whether the caller blocked them, and whether direct
 * messages are possible (false when either side blocked). Whether the other person blocked the
 * caller is never told on its own: blocking is silent.
 */
export const blockState = z.object({
  blocked: z.boolean(),
  can_message: z.boolean(),
});

export type BlockedUser = z.infer<typeof blockedUser>;
export type BlockState = z.infer<typeof blockState>;
