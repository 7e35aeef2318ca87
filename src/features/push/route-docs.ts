/** What /docs says about the push calls (routes.ts): the prose, kept out of the route table. */

const limitNote =
  "Subscribing and unsubscribing together are limited per account (RATE_PUSH_SUBSCRIPTIONS_PER_ACCOUNT, default 30 an hour) and per client address (RATE_PUSH_SUBSCRIPTIONS_PER_ADDRESS, default 600 an hour): past either 429 with Retry-After.";

export const pushDocs = {
  vapidPublicKey: {
    summary: "The VAPID public key for pushManager.subscribe (RFC 8292)",
    description:
      "Pass it as `applicationServerKey`. From VAPID_PUBLIC_KEY, else a key pair made once per installation and kept in the database. Public: no sign-in needed.",
  },
  subscribe: {
    summary: "Subscribe this browser to push notifications",
    description: `The browser's \`PushSubscription\` JSON (\`{endpoint, keys: {p256dh, auth}}\`). Saved per endpoint, owned by the account that saved it first: that account sending it again refreshes the keys; another account gets 409 with a detail and the subscription stays its owner's (the browser can unsubscribe and subscribe again for a new endpoint). It belongs to the calling token: logging that token out deletes it, and a password change or reset deletes all of the person's; 401 when the session ended while this call ran. 422 with a detail for: an endpoint that is not https, whose host cannot be resolved or resolves to any address that is not public unicast (private, loopback, link-local, unique-local, carrier-grade NAT, documentation, benchmarking, multicast, reserved, and every IPv6 form that embeds an IPv4 address: ::/96, ::ffff:0:0/96, 64:ff9b::/96, 6to4 2002::/16, Teredo; unless the host is in PUSH_ENDPOINT_ALLOWLIST); a p256dh that is not a 65-byte uncompressed P-256 key; an auth secret that is not 16 bytes. ${limitNote}`,
  },
  unsubscribe: {
    summary: "Unsubscribe this browser from push notifications",
    description: `JSON \`{endpoint}\`. Forgets the caller's subscription with that endpoint; ok also when there was none (turning off twice is harmless). ${limitNote}`,
  },
} as const;
