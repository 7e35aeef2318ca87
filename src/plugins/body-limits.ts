/**
 * How big a request body may be, by kind, and the route options that change it. JSON bodies are
 * small (the largest field is a club's 10,000-character profile description); form logins are
 * tiny; multipart is sized for the images a route takes (5 MB each, see MAX_UPLOAD_BYTES) plus
 * its text fields. A route declares its own allowance beside its path:
 *   { bodyLimit: "image" }  one image and its text fields (a post, a profile)
 *   { bodyLimit: "club" }   a cover and a profile picture, and a long description
 *   { keepsNul: true }      its schema drops NUL characters itself (a documented chat rule)
 * Every other route gets the defaults, which leave no room for an image. The body guard reads a
 * body before Elysia routes the request, so it learns each route's rules from the app's own
 * route list (`learn`), never from a table of path strings.
 */
import { Elysia } from "elysia";
import { MAX_UPLOAD_BYTES } from "../lib/upload-limits";

const KB = 1024;
const TEXT_FIELDS = 128 * KB;

export type BodyKind = "json" | "form" | "multipart" | "other";
export type BodyLimits = Record<BodyKind, number>;
export type BodySize = "image" | "club";

/** JSON arrays/objects inside each other; the deepest body a route takes is 2 levels. */
export const MAX_JSON_DEPTH = 8;

const DEFAULTS: BodyLimits = { json: 32 * KB, form: 4 * KB, multipart: 64 * KB, other: 32 * KB };

const SIZES: Record<BodySize, Partial<BodyLimits>> = {
  image: { multipart: MAX_UPLOAD_BYTES + TEXT_FIELDS },
  club: { json: 128 * KB, multipart: 2 * MAX_UPLOAD_BYTES + TEXT_FIELDS },
};

/** The largest body any route accepts: the server refuses anything bigger outright. */
export const MAX_BODY_BYTES = Math.max(
  ...Object.values(DEFAULTS),
  ...Object.values(SIZES).flatMap((size) => Object.values(size)),
);

// OpenAPI extensions on the operation: the rule shows in /docs and the guard reads it back.
const BODY_LIMIT = "x-body-limit";
const KEEPS_NUL = "x-keeps-nul";

/** An OpenAPI extension (`x-…`) for a route's `detail`, which Elysia's types do not list. */
export function extension(name: `x-${string}`, value: unknown): { description?: string } {
  return { [name]: value };
}

/**
 * The route options. Each macro returns an object whatever its value: Elysia 1.4 stops applying
 * a route's remaining macros (auth among them) when one returns nothing.
 */
export const bodyRules = new Elysia({ name: "body-rules" }).macro({
  bodyLimit: (size: BodySize) => ({ detail: extension(BODY_LIMIT, size) }),
  keepsNul: (keep: true) => ({ detail: extension(KEEPS_NUL, keep) }),
});

type RouteRules = { size?: BodySize; keepsNul: boolean };
type RouteInfo = { method: string; path: string; hooks?: { detail?: unknown } };

function rulesOf(route: RouteInfo): RouteRules {
  const detail = (route.hooks?.detail ?? {}) as Record<string, unknown>;
  const size = detail[BODY_LIMIT];
  return {
    size: size === "image" || size === "club" ? size : undefined,
    keepsNul: detail[KEEPS_NUL] === true,
  };
}

/** Each route's body rules, looked up by method and the request's path, as the router would. */
export function createBodyRuleTable() {
  // Only the routes that declare a rule; every other route has the defaults.
  const byRoute = new Map<string, RouteRules>();
  // A static path wins over a pattern, as in the router: every static route is known by name.
  const statics = new Set<string>();
  // The patterns of routes with a rule, by method, in registration order: a body request tests
  // a handful, not every route.
  const patterns = new Map<string, { route: string; pattern: RegExp }[]>();
  return {
    /** Reads the rules of every route the app registered (app.ts calls it once, after the routes). */
    learn(routes: readonly RouteInfo[]) {
      for (const route of routes) {
        const dynamic = /[:*]/.test(route.path);
        if (!dynamic) statics.add(`${route.method} ${route.path}`);
        const rules = rulesOf(route);
        if (!rules.size && !rules.keepsNul) continue;
        byRoute.set(`${route.method} ${route.path}`, rules);
        if (!dynamic) continue;
        const source = route.path
          .split("/")
          .map((part) =>
            part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
          )
          .join("/");
        const list = patterns.get(route.method) ?? [];
        list.push({ route: route.path, pattern: new RegExp(`^${source}/?$`) });
        patterns.set(route.method, list);
      }
    },
    /** The route pattern with rules a request reaches ("/api/clubs/:id"), or its path. */
    routeOf(method: string, pathname: string): string {
      if (statics.has(`${method} ${pathname}`)) return pathname;
      return patterns.get(method)?.find((p) => p.pattern.test(pathname))?.route ?? pathname;
    },
    limitFor(method: string, route: string, kind: BodyKind): number {
      const size = byRoute.get(`${method} ${route}`)?.size;
      return (size && SIZES[size][kind]) ?? DEFAULTS[kind];
    },
    /** Whether the route's schema drops NUL characters itself (a documented rule) instead of a 400. */
    keepsNul(method: string, route: string): boolean {
      return byRoute.get(`${method} ${route}`)?.keepsNul ?? false;
    },
  };
}

export type BodyRuleTable = ReturnType<typeof createBodyRuleTable>;

export function bodyKind(contentType: string): BodyKind {
  const type = contentType.toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  return "other";
}
