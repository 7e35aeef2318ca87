import { request } from "node:https";
import type { LookupFunction } from "node:net";
import webpush from "web-push";
import type { CheckedEndpoint } from "./endpoint-guard";
import type { VapidKeys } from "./vapid";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * Encrypts `payload` for one subscription (RFC 8291, aes128gcm), signs the request (RFC 8292,
 * VAPID) and POSTs it (RFC 8030). web-push builds the body and headers; the request itself is
 * made here so the connection goes to the address checked by checkPushEndpoint, not to whatever
 * the name resolves to a moment later. TLS is verified as usual (SNI and certificate name are the
 * endpoint's host); `ca` is only ever passed by tests (their push service has its own CA).
 * Answers the push service's status code.
 */
export async function deliverPush({
  target,
  checked,
  payload,
  vapid,
  ttlSeconds,
  ca,
  signal,
}: {
  target: PushTarget;
  checked: CheckedEndpoint;
  payload: string;
  vapid: VapidKeys;
  ttlSeconds: number;
  ca?: string;
  signal?: AbortSignal;
}): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    { vapidDetails: vapid, TTL: ttlSeconds, contentEncoding: "aes128gcm", urgency: "normal" },
  );
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const answer = { address: checked.address, family: checked.family };
    if (options.all) (callback as (e: null, a: (typeof answer)[]) => void)(null, [answer]);
    else callback(null, answer.address, answer.family);
  };
  const body = details.body ?? Buffer.alloc(0);
  return await new Promise<number>((resolve, reject) => {
    const req = request(
      checked.url,
      {
        method: "POST",
        headers: { ...details.headers, "Content-Length": String(body.length) },
        lookup: pinned,
        timeout: 10_000,
        signal,
        ...(ca ? { ca } : {}),
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("push service timed out")));
    req.on("error", reject);
    req.end(body);
  });
}
