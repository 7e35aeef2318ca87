import { Elysia } from "elysia";
import { z } from "zod";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { commentsDocs } from "./route-docs";
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
        detail: commentsDocs.listComments,
      },
    )
    .post(
      "/api/posts/:id/comments",
      async ({ params, body, user, set }) => {
        set.status = 201;
        return await addComment({ db, jobs: deps.jobs, user, postId: params.id, content: body.content });
      },
      {
        rateLimit: "comments",
        auth: true,
        params: idParam,
        body: createCommentBody,
        response: { ...errorResponses(404, 429), 201: commentResponse },
        detail: commentsDocs.addComment,
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
        detail: { ...documentedContent.noContent, ...commentsDocs.adminDeleteComment },
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
        detail: { ...documentedContent.noContent, ...commentsDocs.deleteComment },
      },
    );
}
