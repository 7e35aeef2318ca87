import { z } from "zod";
import { m } from "../messages";

/** `GET /api/push/vapid-public-key`: the key a browser passes to `pushManager.subscribe`. */
export const vapidPublicKey = z.object({
  public_key: z
    .string()
    .describe("The installation's VAPID public key (uncompressed P-256 point, base64url)."),
});

const base64url = (max: number) =>
  z
    .string({ error: () => m.push.badKeys })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: () => m.push.badKeys })
    .max(max, { error: () => m.push.badKeys });

/** The browser's standard `PushSubscription` JSON (`subscription.toJSON()`); extra keys are ignored. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: () => m.push.badEndpoint })
    .max(2048, { error: () => m.push.badEndpoint })
    .describe("The push service URL for this browser: https on a public address."),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(64) }, { error: () => m.push.badKeys }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({
  endpoint: z.string({ error: () => m.push.badEndpoint }).max(2048, { error: () => m.push.badEndpoint }),
});

export const pushSubscribed = z.object({ ok: z.literal(true) });
