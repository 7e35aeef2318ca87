import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import type { SessionUser } from "../lib/session-token";
import {
  type LimitedAction,
  limitAction,
  limitDigestUnsubscribe,
  limitLanguageSwitch,
  limitSignup,
} from "../platform/rate-limits/actions";
import { bodyRules, documentRule } from "./body-limits";
import { createClientAddress } from "./client-address";

/**
 * The rules a route declares beside its path, read by one plugin each (so a renamed route keeps
 * them and a newcomer sees them in the route's options):
 *   { rateLimit: "messages" }                    counted per account and per client address
 *   { rateLimit: ["posts", { action: "uploads", when: carriesFile }] }   several, some conditional
 *   { rateLimit: { address: "signups" } }        per client address only (routes used signed out)
 *   { rateLimit: { service: "reports" } }        the service counts it (refused tries are not counted)
 *   { rateLimit: { none: "admins only" } }       deliberately none, and why
 *   { bodyLimit: "image" }, { keepsNul: true }   the body rules (./body-limits.ts)
 *   { clientAddress: true }                      the client's address, for a handler that needs it
 * A limit runs after authentication, validation and the route's own checks, just before the
 * handler, so a refused or invalid request never counts. Each declaration shows in the OpenAPI
 * document as `x-rate-limits`, and `src/plugins/route-rules.test.ts` fails when a route that
 * creates something (201) declares none.
 * Every rule is a macro (Elysia's public route options): it adds its hooks to the route it is
 * declared on, and documents itself on the route's operation through `introspect`, which never
 * writes into the route's `detail` object, so a route may pass its shared docs constant as is.
 */
export type LimitContext = {
  user?: SessionUser | null;
  clientAddress: string;
  body: unknown;
  params: Record<string, unknown>;
};

type AccountLimit = LimitedAction | { action: LimitedAction; when: (ctx: LimitContext) => boolean };
type AddressLimit = { address: "signups" | "languageSwitches" | "digestUnsubscribes" };
type ServiceLimit = { service: string };
/** No limit, and why (admin tools): said on the route, so leaving one out is never an accident. */
type NoLimit = { none: string };
export type RateRule = AccountLimit | AddressLimit | ServiceLimit | NoLimit;

const RATE_LIMITS = "x-rate-limits";

function nameOf(rule: RateRule): string {
  if (typeof rule === "string") return rule;
  if ("action" in rule) return `${rule.action} (when it applies)`;
  if ("address" in rule) return rule.address;
  if ("none" in rule) return `none: ${rule.none}`;
  return `${rule.service} (counted by the service)`;
}

async function enforce(deps: AppDeps, rule: RateRule, ctx: LimitContext): Promise<void> {
  if (typeof rule === "object" && ("service" in rule || "none" in rule)) return;
  if (typeof rule === "object" && "address" in rule) {
    const address = ctx.clientAddress;
    if (rule.address === "languageSwitches") return await limitLanguageSwitch({ deps, address });
    if (rule.address === "digestUnsubscribes") return await limitDigestUnsubscribe({ deps, address });
    const owner = (ctx.body as { role?: unknown } | null)?.role === "owner";
    return await limitSignup({ deps, address, owner });
  }
  if (typeof rule === "object" && !rule.when(ctx)) return;
  const action = typeof rule === "string" ? rule : rule.action;
  // A per-account limit on a route without a signed-in user is a wiring mistake: the route test
  // (route-rules.test.ts) requires auth beside it.
  if (!ctx.user) throw new Error(`rateLimit "${action}" needs a signed-in route`);
  await limitAction({ deps, action, userId: ctx.user.id, address: ctx.clientAddress });
}

export function createRouteRules(deps: AppDeps) {
  return new Elysia({ name: "route-rules" })
    .use(createClientAddress(deps.config))
    .use(bodyRules)
    .macro({
      // Always an object (see body-limits.ts): Elysia skips a route's later macros otherwise.
      rateLimit: (rules: RateRule | RateRule[]) => {
        const list = Array.isArray(rules) ? rules : [rules];
        return {
          clientAddress: true,
          introspect: documentRule(RATE_LIMITS, list.map(nameOf)),
          // The parts it reads, named: Elysia infers from a hook's source what each route must
          // parse, and a whole context handed to a function reads as "everything" (a warning too).
          async beforeHandle({ user, clientAddress, body, params }: Record<string, unknown>) {
            const ctx = { user, clientAddress, body, params } as LimitContext;
            for (const rule of list) await enforce(deps, rule, ctx);
          },
        };
      },
    });
}
