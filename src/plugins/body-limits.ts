/**
 * How big a request body may be, by kind, and the route options that change it. JSON bodies are
 * small (the largest field is a club's 10,000-character profile description); form logins are
 * tiny; multipart is sized for the images a route takes (5 MB each, see MAX_UPLOAD_BYTES) plus
 * its text fields. A route declares its own allowance beside its path:
 *   { bodyLimit: "image" }  one image and its text fields (a post, a profile)
 *   { bodyLimit: "club" }   a cover and a profile picture, and a long description
 *   { keepsNul: true }      its schema drops NUL characters itself (a documented chat rule)
 * Every other route gets the defaults, which leave no room for an image.
 *
 * How it is enforced (src/plugins/input-guard.ts): a global parse hook, which runs on every route
 * before Elysia reads the body, hands Elysia's parser a copy of the request whose body is read
 * through a guard holding the defaults; a route's own options are parse hooks of its macros,
 * which run next and widen that guard. Elysia reads the body only after both, so the guard's
 * last word is the route's, and a body over it is refused while it streams in, never buffered.
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

const DEFAULT_BODY_LIMITS: Readonly<BodyLimits> = {
  json: 32 * KB,
  form: 4 * KB,
  multipart: 64 * KB,
  other: 32 * KB,
};

const SIZES: Record<BodySize, Partial<BodyLimits>> = {
  image: { multipart: MAX_UPLOAD_BYTES + TEXT_FIELDS },
  club: { json: 128 * KB, multipart: 2 * MAX_UPLOAD_BYTES + TEXT_FIELDS },
};

/** The largest body any route accepts: the server refuses anything bigger outright. */
export const MAX_BODY_BYTES = Math.max(
  ...Object.values(DEFAULT_BODY_LIMITS),
  ...Object.values(SIZES).flatMap((size) => Object.values(size)),
);

/** What the guard of one request's body allows: the defaults, widened by the route's options. */
export type BodyAllowance = { limits: BodyLimits; keepsNul: boolean };

/** Each guarded request's allowance, keyed by the copy Elysia reads (see input-guard.ts). */
const allowances = new WeakMap<Request, BodyAllowance>();

/** A request's allowance, from the defaults; the route's parse hooks widen it before reading. */
export function allowBody(request: Request, allowance: BodyAllowance): void {
  allowances.set(request, allowance);
}

export function defaultAllowance(): BodyAllowance {
  return { limits: { ...DEFAULT_BODY_LIMITS }, keepsNul: false };
}

export function allowanceOf(request: Request): BodyAllowance | undefined {
  return allowances.get(request);
}

/**
 * An OpenAPI extension (`x-…`) on the route's operation, so the rule shows in /docs. Set through
 * the macro's `introspect`, which replaces the route's `detail` with a copy: a macro's own
 * `detail` is merged into the route's object in place, and a route's detail is often a shared
 * constant (its docs), which would then collect the rule once per app built in one process.
 */
export function documentRule(name: `x-${string}`, value: unknown) {
  return (options: object) => {
    const route = options as { detail?: object };
    route.detail = { ...route.detail, [name]: value };
  };
}

/**
 * The route options. Each macro returns an object whatever its value: Elysia 1.4 stops applying
 * a route's remaining macros (auth among them) when one returns nothing.
 */
export const bodyRules = new Elysia({ name: "body-rules" }).macro({
  bodyLimit: (size: BodySize) => ({
    parse({ request }) {
      const allowance = allowances.get(request);
      if (allowance) Object.assign(allowance.limits, SIZES[size]);
    },
    introspect: documentRule("x-body-limit", size),
  }),
  keepsNul: (keep: true) => ({
    parse({ request }) {
      const allowance = allowances.get(request);
      if (allowance) allowance.keepsNul = keep;
    },
    introspect: documentRule("x-keeps-nul", keep),
  }),
});

export function bodyKind(contentType: string): BodyKind {
  const type = contentType.toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  return "other";
}
