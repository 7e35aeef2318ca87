import { dirname, join } from "node:path";
import { openapi } from "@elysiajs/openapi";
import { Elysia } from "elysia";
import { NotFound } from "../lib/errors";
import { completeDocumentAt } from "./openapi-document";

/**
 * The try-it page at /docs: Swagger UI served from this app's own origin (the swagger-ui-dist
 * package), never from a CDN, so no third-party script ever runs beside people's sessions and
 * the page works on a school network without internet. The page has no inline script (its
 * start-up call is a file too), so its policy allows scripts from this origin only.
 */
const SWAGGER_DIR = dirname(require.resolve("swagger-ui-dist/package.json"));
const ASSET_PATH = "/docs/assets";
const SPEC_PATH = "/docs/json";

// Tags start folded: with every one of the ~140 operations unfolded at once, Swagger UI 5.35
// stopped rendering after the third tag (no error; e2e/api-docs.e2e.ts). A tag opens on a tap.
const START_SCRIPT = `window.ui = SwaggerUIBundle(${JSON.stringify({ url: SPEC_PATH, dom_id: "#swagger-ui", deepLinking: true, docExpansion: "none" })});\n`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ClubNica API</title>
<meta name="description" content="Club discovery and community for students in Nicaragua: the REST API.">
<link rel="stylesheet" href="${ASSET_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSET_PATH}/swagger-ui-bundle.js"></script>
<script src="${ASSET_PATH}/start.js"></script>
</body>
</html>
`;

export const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets inline styles on its elements; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join("; ");

const FILES: Record<string, { type: string; body: () => BodyInit }> = {
  "swagger-ui-bundle.js": {
    type: "text/javascript; charset=utf-8",
    body: () => Bun.file(join(SWAGGER_DIR, "swagger-ui-bundle.js")),
  },
  "swagger-ui.css": {
    type: "text/css; charset=utf-8",
    body: () => Bun.file(join(SWAGGER_DIR, "swagger-ui.css")),
  },
  "start.js": { type: "text/javascript; charset=utf-8", body: () => START_SCRIPT },
};

export function createApiDocs() {
  return (
    new Elysia({ name: "api-docs" })
      .get(
        "/docs",
        () =>
          new Response(PAGE, {
            headers: {
              "content-type": "text/html; charset=utf-8",
              "cache-control": "no-cache",
              "content-security-policy": DOCS_POLICY,
            },
          }),
        { detail: { hide: true } },
      )
      .get(
        `${ASSET_PATH}/:file`,
        ({ params }) => {
          const file = FILES[params.file];
          if (!file) throw new NotFound();
          return new Response(file.body(), {
            headers: { "content-type": file.type, "cache-control": "public, max-age=86400" },
          });
        },
        { detail: { hide: true } },
      )
      // Local: runs for the routes added after it here, the document's among them.
      .onAfterHandle(completeDocumentAt(SPEC_PATH))
      .use(
        openapi({
          path: "/docs",
          specPath: SPEC_PATH,
          // The page above replaces the plugin's, which loads its viewer from a CDN.
          provider: null,
          // Calendar feeds end in .ics, so files are not excluded by their dot; the web app's
          // hashed bundles (under /assets) and the viewer's own files are.
          exclude: { staticFile: false, paths: [/^\/assets\//, /^\/docs\//] },
          documentation: {
            info: {
              title: "ClubNica API",
              version: "1.0.0",
              description: "Club discovery and community for students in Nicaragua.",
            },
            components: {
              securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
            },
          },
        }),
      )
  );
}
