import { z } from "zod";
import { format, m } from "../messages";
import { pageFields } from "./params";

const COMMENT_MAX_LENGTH = 2000;

export const createCommentBody = z.object({
  content: z
    .string({ error: () => m.posts.commentEmpty })
    .trim()
    .min(1, { error: () => m.posts.commentEmpty })
    .max(COMMENT_MAX_LENGTH, { error: () => format(m.posts.commentTooLong, { max: COMMENT_MAX_LENGTH }) }),
});

export const commentsQuery = z.object(pageFields({ defaultLimit: 100, maxOffset: 1_000_000 }));

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
  author_picture_url: z.string().nullable().describe("The author's profile picture; null when none"),
  pending_review: z
    .boolean()
    .describe("True while a watched word holds it: only its author sees it until an admin approves it."),
});

export type CommentJson = z.infer<typeof commentResponse>;
export type PostComment = CommentJson;
