import { dirname, join } from "node:path";
import { toOpenAPISchema } from "@elysiajs/openapi";
import { Elysia, type InternalRoute } from "elysia";
import { NotFound } from "../lib/errors";
import { completeDocument } from "./openapi-document";

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

const DOCS_POLICY = [
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

const OPENAPI_VERSION = "3.1.2";

const DOCUMENTATION = {
  info: {
    title: "ClubNica API",
    version: "1.0.0",
    description: "Club discovery and community for students in Nicaragua.",
  },
  components: {
    securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
  },
};

// Calendar feeds end in .ics, so files are not excluded by their dot; the web app's hashed
// bundles (under /assets) and the viewer's own files are.
const EXCLUDE = { staticFile: false, paths: [/^\/assets\//, /^\/docs\//] };

/**
 * The docs plugin. Elysia hands a plugin the routes of the app it is used in (`getGlobalRoutes`,
 * protected: for plugins, as @elysiajs/openapi reads them too).
 */
class ApiDocs extends Elysia {
  appRoutes(): InternalRoute[] {
    return this.getGlobalRoutes();
  }
}

/**
 * The routes as the OpenAPI generator should see them. Every route has the body guard's parse
 * hook (and some the parse hooks of their bodyLimit and keepsNul options: src/plugins/
 * body-limits.ts); @elysiajs/openapi documents a route with a parse function as taking no body
 * format at all, and drops its body schema. Those hooks only guard the body, which Elysia's own
 * parsers still read, so the generator is shown the route without them.
 */
class DocumentedRoutes extends Elysia {
  constructor(private readonly listed: InternalRoute[]) {
    super();
  }

  protected override getGlobalRoutes(): InternalRoute[] {
    return this.listed.map((route) => {
      const parse = route.hooks.parse;
      if (!Array.isArray(parse)) return route;
      const named = parse.filter((hook) => typeof (hook as { fn?: unknown }).fn === "string");
      return { ...route, hooks: { ...route.hooks, parse: named.length > 0 ? named : undefined } };
    });
  }
}

function documentOf(routes: InternalRoute[]) {
  const { paths, components } = toOpenAPISchema(
    // The generator takes any app; its type asks for one with any models, which a bare one lacks.
    new DocumentedRoutes(routes) as unknown as Parameters<typeof toOpenAPISchema>[0],
    EXCLUDE,
    undefined,
    undefined,
    OPENAPI_VERSION,
  );
  const document = {
    ...DOCUMENTATION,
    openapi: OPENAPI_VERSION,
    paths: paths as Parameters<typeof completeDocument>[0]["paths"],
    components: { ...DOCUMENTATION.components, schemas: components.schemas },
  };
  completeDocument(document);
  return document;
}

export function createApiDocs() {
  const docs = new ApiDocs({ name: "api-docs" });
  // Made once per set of routes, as the plugin did: the routes are all registered by then.
  let cached: { routes: number; document: object } | null = null;
  return docs
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
    .get(
      SPEC_PATH,
      () => {
        const routes = docs.appRoutes();
        if (cached?.routes !== routes.length)
          cached = { routes: routes.length, document: documentOf(routes) };
        return cached.document;
      },
      { detail: { hide: true } },
    );
}
