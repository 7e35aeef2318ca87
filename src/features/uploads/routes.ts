import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import { NotFound } from "../../lib/errors";
import { uploadsDocs } from "./route-docs";
import { getUpload } from "./service";
import { getVariant, isVariantWidth, VARIANT_WIDTHS } from "./variants";

const IMMUTABLE = "public, max-age=31536000, immutable";
const idParam = z.string().regex(/^[a-f0-9]{64}$/, "Not an image id");

/** Content-addressed images: the URL changes when the bytes do, so they cache forever. */
export function uploadRoutes({ deps }: { deps: AppDeps }) {
  return new Elysia({ name: "upload-routes", detail: { tags: ["Uploads"] } })
    .get(
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
        params: z.object({ id: idParam }),
        response: { ...errorResponses(404) },
        detail: { ...documentedContent.image, ...uploadsDocs.image },
      },
    )
    .get(
      "/uploads/:id/:variant",
      async ({ params, request }) => {
        const width = Number(params.variant.slice(0, -".webp".length));
        if (!isVariantWidth(width)) throw new NotFound();
        const etag = `"${params.id}-${width}"`;
        if (request.headers.get("if-none-match") === etag) {
          return new Response(null, { status: 304, headers: { etag, "cache-control": IMMUTABLE } });
        }
        const variant = await getVariant({ db: deps.db, id: params.id, width });
        if (!variant) throw new NotFound();
        return new Response(new Uint8Array(variant.data), {
          headers: { "content-type": variant.contentType, "cache-control": IMMUTABLE, etag },
        });
      },
      {
        params: z.object({
          id: idParam,
          variant: z.string().regex(/^\d+\.webp$/, `A width: ${VARIANT_WIDTHS.join(", ")} (e.g. 400.webp)`),
        }),
        response: { ...errorResponses(404) },
        detail: { ...documentedContent.image, ...uploadsDocs.imageVariant },
      },
    );
}
