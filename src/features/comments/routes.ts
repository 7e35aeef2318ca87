import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { commentResponse, commentsQuery, createCommentBody } from "./schema";
import { addComment, deleteComment, listComments } from "./service";

export function commentRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const { db } = deps;
  return new Elysia({ name: "comment-routes", detail: { tags: ["Comments"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/api/posts/:id/comments",
      async ({ params, query, user }) =>
        await listComments({ db, viewerId: user.id, postId: params.id, ...query }),
      {
        auth: true,
        params: idParam,
        query: commentsQuery,
        response: { ...errorResponses(404), 200: z.array(commentResponse) },
        detail: {
          summary: "A post's comments, oldest first",
          description:
            'author_display_name is the author\'s first and last name, else the username ("Deleted user" when the account is gone). Comments by people the caller blocked are left out (comment_count still counts them). Paging: `?limit=` (default 100, max 100) and `?offset=`. Unknown post: 404.',
        },
      },
    )
    .post(
      "/api/posts/:id/comments",
      async ({ params, body, user, set }) => {
        set.status = 201;
        return await addComment({ db, user, postId: params.id, content: body.content });
      },
      {
        rateLimit: "comments",
        auth: true,
        params: idParam,
        body: createCommentBody,
        response: { ...errorResponses(404, 429), 201: commentResponse },
        detail: {
          summary: "Comment on a post (JSON {content})",
          description:
            "content is trimmed; empty gives 422 and nothing is stored; at most 2000 characters. A muted user gets 403. Limited per account (RATE_COMMENTS_PER_ACCOUNT, default 10 a minute) and per client address (RATE_COMMENTS_PER_ADDRESS, default 300 a minute): past either 429 with Retry-After. Returns the comment.",
        },
      },
    )
    .delete(
      "/api/admin/comments/:id",
      async ({ params, user, set }) => {
        await deleteComment({ db, user, commentId: params.id, asAdmin: true });
        set.status = 204;
      },
      {
        role: ["admin"],
        params: idParam,
        response: { ...errorResponses(404) },
        detail: {
          ...documentedContent.noContent,
          summary: "Delete any comment (admin)",
          description:
            "Decrements the post's comment_count and records comment.delete in the audit log. 204; 404.",
        },
      },
    )
    .delete(
      "/api/comments/:id",
      async ({ params, user, set }) => {
        await deleteComment({ db, user, commentId: params.id, asAdmin: false });
        set.status = 204;
      },
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404) },
        detail: {
          ...documentedContent.noContent,
          summary: "Delete a comment (its author; admins too)",
          description:
            "The author deletes their own comment; anyone else gets 403, except an admin (then audited as comment.delete). 204; 404.",
        },
      },
    );
}
