import { Elysia } from "elysia";
import { idParam } from "../../../common/api/params";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses, notModifiedResponse } from "../../lib/api-responses";
import { VALIDATED_CACHE_CONTROL } from "../../lib/conditional-get";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import { carriesFile } from "../../platform/rate-limits/actions";
import type { AuthPlugin } from "../../plugins/auth";
import { sendRememberedJson } from "../../plugins/compression";
import { createRouteRules } from "../../plugins/route-rules";
import { recallFeedPage } from "./feed-memory";
import { getFeed, listClubEvents, listClubPosts, type Page } from "./feed-service";
import { toggleReaction, viewPost } from "./reactions-service";
import { postsDocs } from "./route-docs";
import {
  createPostBody,
  eventsQuery,
  favoriteResponse,
  feedQuery,
  likeResponse,
  pageQuery,
  postListResponse,
  postResponse,
  updatePostBody,
  viewResponse,
} from "./schema";
import { createPost, deletePost, getPost, updatePost } from "./service";

function sendPage(page: Page, set: { headers: Record<string, string | number> }) {
  if (page.nextCursor) set.headers["x-next-cursor"] = page.nextCursor;
  return page.items;
}

export function postRoutes({ deps, auth, memory }: { deps: AppDeps; auth: AuthPlugin; memory: PollMemory }) {
  const { db } = deps;
  const eventDeps = { jobs: deps.jobs, config: deps.config };
  return new Elysia({ name: "post-routes", detail: { tags: ["Posts"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/api/posts/feed",
      async ({ query, user, set, headers, status }) => {
        const known = recallFeedPage(memory, {
          viewerId: user.id,
          page: query,
          ifNoneMatch: headers["if-none-match"],
          acceptEncoding: headers["accept-encoding"],
        });
        if (!known) return sendPage(await getFeed({ db, memory, viewer: user, ...query }), set);
        const { memo, body } = known;
        if (memo.nextCursor) set.headers["x-next-cursor"] = memo.nextCursor;
        if (body) return sendRememberedJson(set, body);
        // The same headers the compression plugin gives a 304 of this page (src/plugins/compression.ts).
        Object.assign(set.headers, { etag: memo.etag, "cache-control": VALIDATED_CACHE_CONTROL });
        set.headers.vary = "Accept-Encoding";
        return status(304, undefined);
      },
      {
        auth: true,
        query: feedQuery,
        response: { 200: postListResponse, 304: notModifiedResponse },
        detail: postsDocs.feed,
      },
    )
    .post(
      "/api/posts",
      async ({ body, user, set }) => {
        set.status = 201;
        return await createPost({ db, deps: eventDeps, user, input: body });
      },
      {
        rateLimit: ["posts", { action: "uploads", when: carriesFile }],
        bodyLimit: "image",
        auth: true,
        body: createPostBody,
        response: { ...errorResponses(404, 415, 429), 201: postResponse },
        detail: postsDocs.createPost,
      },
    )
    .get("/api/posts/:id", async ({ params, user }) => await getPost({ db, viewer: user, id: params.id }), {
      optionalAuth: true,
      params: idParam,
      response: { ...errorResponses(404), 200: postResponse },
      detail: postsDocs.getPost,
    })
    .put(
      "/api/posts/:id",
      async ({ params, body, user }) => {
        return await updatePost({ db, deps: eventDeps, user, id: params.id, input: body });
      },
      {
        rateLimit: { action: "uploads", when: carriesFile },
        bodyLimit: "image",
        auth: true,
        params: idParam,
        body: updatePostBody,
        response: { ...errorResponses(404, 415, 429), 200: postResponse },
        detail: postsDocs.updatePost,
      },
    )
    .delete(
      "/api/posts/:id",
      async ({ params, user, set }) => {
        await deletePost({ db, deps: eventDeps, user, id: params.id });
        set.status = 204;
      },
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404) },
        detail: { ...documentedContent.noContent, ...postsDocs.deletePost },
      },
    )
    .post(
      "/api/posts/:id/like",
      async ({ params, user }) => {
        const r = await toggleReaction({ db, user, postId: params.id, kind: "like" });
        return { like_count: r.count, liked: r.active };
      },
      {
        rateLimit: "reactions",
        auth: true,
        params: idParam,
        response: { ...errorResponses(404, 429), 200: likeResponse },
        detail: postsDocs.like,
      },
    )
    .post(
      "/api/posts/:id/favorite",
      async ({ params, user }) => {
        const r = await toggleReaction({ db, user, postId: params.id, kind: "favorite" });
        return { favorite_count: r.count, favorited: r.active };
      },
      {
        rateLimit: "reactions",
        auth: true,
        params: idParam,
        response: { ...errorResponses(404, 429), 200: favoriteResponse },
        detail: postsDocs.favorite,
      },
    )
    .post(
      "/api/posts/:id/view",
      async ({ params, user }) => await viewPost({ db, user, postId: params.id }),
      {
        auth: true,
        params: idParam,
        response: { ...errorResponses(404), 200: viewResponse },
        detail: postsDocs.view,
      },
    )
    .get(
      "/api/clubs/:id/posts",
      async ({ params, query, user, set }) =>
        sendPage(await listClubPosts({ db, viewer: user, clubId: params.id, ...query }), set),
      {
        optionalAuth: true,
        params: idParam,
        query: pageQuery,
        response: { ...errorResponses(404), 200: postListResponse },
        detail: postsDocs.clubPosts,
      },
    )
    .get(
      "/api/clubs/:id/events",
      async ({ params, query, user }) =>
        await listClubEvents({ db, viewer: user, clubId: params.id, ...query }),
      {
        optionalAuth: true,
        params: idParam,
        query: eventsQuery,
        response: { ...errorResponses(404), 200: postListResponse },
        detail: postsDocs.clubEvents,
      },
    );
}
