import type { PushSubscriptionBody } from "../../../common/api/push";
import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { Conflict, Invalid, Unauthorized } from "../../lib/errors";
import { checkPushEndpoint } from "./endpoint-guard";
import { deleteSubscriptionOf, upsertOwnSubscription } from "./queries";

function byteLength(base64url: string): number {
  return Buffer.from(base64url, "base64url").length;
}

/**
 * Saves a browser's subscription for the caller, tied to the session (token) that asks: its
 * log-out, or a password change, deletes it. The endpoint must pass the SSRF guard now
 * (and again at every send); the keys must have the sizes RFC 8291 needs, or every push
 * to this browser would fail later without anyone seeing why. An endpoint already saved by
 * another account is refused with 409, never moved.
 */
export async function subscribePush({
  deps,
  userId,
  session,
  body,
}: {
  deps: Pick<AppDeps, "db" | "config">;
  userId: number;
  session: { hash: string; version: number };
  body: PushSubscriptionBody;
}) {
  const p256dh = Buffer.from(body.keys.p256dh, "base64url");
  if (p256dh.length !== 65 || p256dh[0] !== 4)
    throw Invalid.field(["body", "keys", "p256dh"], m.push.badP256dh);
  if (byteLength(body.keys.auth) !== 16) throw Invalid.field(["body", "keys", "auth"], m.push.badAuth);
  await checkPushEndpoint(body.endpoint, deps.config.PUSH_ENDPOINT_ALLOWLIST);
  const saved = await upsertOwnSubscription(deps.db, {
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    session,
  });
  // The session ended (log-out, password change) while the endpoint was being checked.
  if (saved === "session-ended") throw new Unauthorized(m.auth.invalidToken);
  // Knowing an endpoint proves nothing: it is another account's until that account drops it.
  if (saved === "taken") throw new Conflict(m.push.endpointTaken);
  return { ok: true as const };
}

/** Forgets the caller's subscription for this endpoint (turning push off on that browser). */
export async function unsubscribePush({
  deps,
  userId,
  endpoint,
}: {
  deps: Pick<AppDeps, "db">;
  userId: number;
  endpoint: string;
}) {
  await deleteSubscriptionOf(deps.db, userId, endpoint);
  return { ok: true as const };
}
