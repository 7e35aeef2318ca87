import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { pushDocs } from "./route-docs";
import { pushSubscribed, pushSubscriptionBody, pushUnsubscribeBody, vapidPublicKey } from "./schema";
import { subscribePush, unsubscribePush } from "./service";
import { getVapidKeys } from "./vapid";

export function pushRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  return new Elysia({ name: "push-routes", detail: { tags: ["Push"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get("/api/push/vapid-public-key", async () => ({ public_key: (await getVapidKeys(deps)).publicKey }), {
      response: { 200: vapidPublicKey },
      detail: pushDocs.vapidPublicKey,
    })
    .post(
      "/api/push/subscriptions",
      async ({ user, currentToken, body, set }) => {
        set.status = 201;
        return await subscribePush({ deps, userId: user.id, session: currentToken, body });
      },
      {
        // The session is recorded with the subscription: its log-out ends this browser's pushes.
        currentToken: true,
        rateLimit: "pushSubscriptions",
        body: pushSubscriptionBody,
        response: { ...errorResponses(409, 429), 201: pushSubscribed },
        detail: pushDocs.subscribe,
      },
    )
    .delete(
      "/api/push/subscriptions",
      async ({ user, body }) => {
        return await unsubscribePush({ deps, userId: user.id, endpoint: body.endpoint });
      },
      {
        auth: true,
        rateLimit: "pushSubscriptions",
        body: pushUnsubscribeBody,
        response: { ...errorResponses(429), 200: pushSubscribed },
        detail: pushDocs.unsubscribe,
      },
    );
}
