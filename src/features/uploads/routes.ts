import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import { NotFound } from "../../lib/errors";
import { getUpload } from "./service";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Content-addressed images: the URL changes when the bytes do, so they cache forever. */
export function uploadRoutes({ deps }: { deps: AppDeps }) {
  return new Elysia({ name: "upload-routes", detail: { tags: ["Uploads"] } }).get(
    "/uploads/:id",
    async ({ params, request }) => {
      const etag = `"${params.id}"`;
      if (request.headers.get("if-none-match") === etag) {
        return new Response(null, { status: 304, headers: { etag, "cache-control": IMMUTABLE } });
      }
      const upload = await getUpload({ db: deps.db, id: params.id });
      if (!upload) throw new NotFound();
      return new Response(new Uint8Array(upload.data), {
        headers: {
          "content-type": upload.contentType,
          "cache-control": IMMUTABLE,
          etag,
          "x-content-type-options": "nosniff",
        },
      });
    },
    {
      params: z.object({ id: z.string().regex(/^[a-f0-9]{64}$/, "Not an image id") }),
      response: { ...errorResponses(404) },
      detail: {
        ...documentedContent.image,
        summary: "An uploaded image (content-addressed, immutable caching, ETag)",
      },
    },
  );
}
