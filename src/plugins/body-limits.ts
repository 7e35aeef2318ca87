/**
 * How big a request body may be, by route and kind. JSON bodies are small (the largest field
 * is a club's 10,000-character profile description); form logins are tiny; multipart is sized
 * for the images a route takes (5 MB each, see MAX_UPLOAD_BYTES) plus its text fields. A route
 * not listed gets the defaults, which leave no room for an image.
 */
import { MAX_UPLOAD_BYTES } from "../lib/upload-limits";

const KB = 1024;
const TEXT_FIELDS = 128 * KB;

export type BodyKind = "json" | "form" | "multipart" | "other";
export type BodyLimits = Record<BodyKind, number> & { cleansNul?: 1 };

/** JSON arrays/objects inside each other; the deepest body a route takes is 2 levels. */
export const MAX_JSON_DEPTH = 8;

const DEFAULTS: BodyLimits = { json: 32 * KB, form: 4 * KB, multipart: 64 * KB, other: 32 * KB };

const oneImage: Partial<BodyLimits> = { multipart: MAX_UPLOAD_BYTES + TEXT_FIELDS };
// A club takes a cover image and a profile picture.
const club: Partial<BodyLimits> = { json: 128 * KB, multipart: 2 * MAX_UPLOAD_BYTES + TEXT_FIELDS };

const ROUTES: Record<string, Partial<BodyLimits>> = {
  // Documented rule for chat (docs/features.md, Chat): NUL characters in a message are dropped, not refused.
  "POST /api/messages/user/:id": { cleansNul: 1 },
  "POST /api/messages/club/:id": { cleansNul: 1 },
  "POST /api/clubs": club,
  "PUT /api/clubs/:id": club,
  "POST /api/posts": oneImage,
  "PUT /api/posts/:id": oneImage,
  "PUT /api/users/me/profile": oneImage,
  "POST /signup/complete": oneImage,
};

/** The largest body any route accepts: the server refuses anything bigger outright. */
export const MAX_BODY_BYTES = Math.max(
  ...Object.values(DEFAULTS),
  ...Object.values(ROUTES).flatMap(({ json = 0, form = 0, multipart = 0, other = 0 }) => [
    json,
    form,
    multipart,
    other,
  ]),
);

const PATTERNS = Object.keys(ROUTES).map((key) => {
  const [method, route = ""] = key.split(" ");
  const pattern = new RegExp(`^${route.replace(/:\w+/g, "[^/]+")}/?$`);
  return { method, route, pattern };
});

/** The route pattern of a listed route ("/api/clubs/:id"), or the path itself. */
export function routeOf(method: string, pathname: string): string {
  return PATTERNS.find((p) => p.method === method && p.pattern.test(pathname))?.route ?? pathname;
}

export function bodyLimitFor(method: string, route: string, kind: BodyKind): number {
  return ROUTES[`${method} ${route}`]?.[kind] ?? DEFAULTS[kind];
}

/** Routes whose schema drops NUL characters itself (a documented rule) instead of a 400. */
export function cleansNul(method: string, route: string): boolean {
  return ROUTES[`${method} ${route}`]?.cleansNul === 1;
}

export function bodyKind(contentType: string): BodyKind {
  const type = contentType.toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  return "other";
}
