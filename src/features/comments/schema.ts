import { z } from "zod";
import { format, m } from "../../../client/messages";

export const COMMENT_MAX_LENGTH = 2000;

export const createCommentBody = z.object({
  content: z
    .string({ message: m.posts.commentEmpty })
    .trim()
    .min(1, m.posts.commentEmpty)
    .max(COMMENT_MAX_LENGTH, format(m.posts.commentTooLong, { max: COMMENT_MAX_LENGTH })),
});

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const commentsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const commentResponse = z.object({
  id: z.number(),
  post_id: z.number(),
  user_id: z.number().nullable(),
  content: z.string(),
  created_at: z.string(),
  author_display_name: z.string(),
  author_first_name: z.string().nullable(),
  author_last_name: z.string().nullable(),
  author_username: z.string().nullable(),
});

export type CommentJson = z.infer<typeof commentResponse>;
