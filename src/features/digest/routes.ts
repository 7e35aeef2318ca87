import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { documentedContent, errorResponses } from "../../lib/api-responses";
import { createRouteRules } from "../../plugins/route-rules";
import { publicBaseUrl } from "../events/mail-jobs";
import { unsubscribeBody, unsubscribeQuery } from "./schema";
import { renderUnsubscribePage, type UnsubscribePage } from "./unsubscribe-page";
import { findUnsubscribeState, unsubscribeDigest } from "./unsubscribe-service";

const limitNote =
  "Works without signing in, so it is limited per client address (RATE_DIGEST_UNSUBSCRIBES_PER_ADDRESS, default 60 in 15 minutes, GET and POST together): past it 429 with Retry-After. A token that is not 43 base64url characters is 422; an unknown one 404.";

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
        detail: {
          summary: "The weekly digest's unsubscribe page (changes nothing)",
          description: `An HTML page in the token owner's language (a lang cookie wins) asking to stop the weekly digest, with a button that POSTs to the same address; when the digest is already off it says so. Opening it never unsubscribes: mail scanners prefetch links. ${limitNote}`,
          ...documentedContent.html,
        },
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
        detail: {
          summary: "One-click unsubscribe from the weekly digest (RFC 8058)",
          description: `The address in the digest's List-Unsubscribe header; mail clients POST \`List-Unsubscribe=One-Click\` to it (List-Unsubscribe-Post). No sign-in: sets the token owner's notification setting \`digest\` to false (the same key as PUT /api/users/me/notification-settings) and answers a short HTML page. Repeating it changes nothing. ${limitNote}`,
          ...documentedContent.html,
        },
      },
    );
}
