import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import { createRouteRules } from "../../plugins/route-rules";
import { publicBaseUrl } from "../events";
import { digestDocs } from "./route-docs";
import { unsubscribeBody, unsubscribeQuery } from "./schema";
import { renderUnsubscribePage, type UnsubscribePage } from "./unsubscribe-page";
import { findUnsubscribeState, unsubscribeDigest } from "./unsubscribe-service";

/**
 * The weekly digest's unsubscribe link (RFC 8058). GET shows a confirmation page and changes
 * nothing (mail scanners open links); POST, from a mail client's one-click button or the page's
 * own button, turns the digest off. The token is the only credential.
 */
export function digestRoutes({ deps }: { deps: AppDeps }) {
  const { db, config } = deps;
  const home = `${publicBaseUrl(config)}/home`;
  const page = (set: { headers: Record<string, string | number> }, content: UnsubscribePage) => {
    const { html, policy } = renderUnsubscribePage(content, home);
    set.headers["content-type"] = "text/html; charset=utf-8";
    set.headers["content-security-policy"] = policy;
    set.headers["cache-control"] = "no-store";
    // The address holds the token: never send it on to another site.
    set.headers["referrer-policy"] = "no-referrer";
    set.headers["x-robots-tag"] = "noindex";
    return html;
  };
  return new Elysia({ name: "digest-routes", detail: { tags: ["Users"] } })
    .use(createRouteRules(deps))
    .get(
      "/api/digest/unsubscribe",
      async ({ query, set }) => {
        const state = await findUnsubscribeState({ db, token: query.token });
        const action = `/api/digest/unsubscribe?token=${encodeURIComponent(query.token)}`;
        return page(
          set,
          state.subscribed ? { kind: "confirm", email: state.email, action } : { kind: "already-off" },
        );
      },
      {
        rateLimit: { address: "digestUnsubscribes" },
        query: unsubscribeQuery,
        response: { ...errorResponses(404, 429) },
        detail: { ...digestDocs.unsubscribePage, ...documentedContent.html },
      },
    )
    .post(
      "/api/digest/unsubscribe",
      async ({ query, set }) => {
        await unsubscribeDigest({ db, token: query.token });
        return page(set, { kind: "done" });
      },
      {
        rateLimit: { address: "digestUnsubscribes" },
        query: unsubscribeQuery,
        body: unsubscribeBody,
        response: { ...errorResponses(404, 429) },
        detail: { ...digestDocs.unsubscribe, ...documentedContent.html },
      },
    );
}
