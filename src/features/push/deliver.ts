import { readFileSync } from "node:fs";
import { Agent, request } from "node:https";
import type { LookupFunction } from "node:net";
import { rootCertificates } from "node:tls";
import webpush from "web-push";
import type { CheckedEndpoint } from "./endpoint-guard";
import type { VapidKeys } from "./vapid";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * One keep-alive agent per push service host and checked address: a fan-out sends thousands of
 * pushes to the same few hosts (FCM, Mozilla, Apple), and a TLS handshake per push would cost
 * more than the push. Keyed by the address too, so a reused connection is always one that went
 * to an address the guard accepted.
 */
const agents = new Map<string, Agent>();

const trusted = new Map<string, string[]>();

/**
 * The certificate authorities a push service may present when PUSH_CA_FILE names extra ones:
 * the system's plus the file's (read once). Undefined keeps Node's default trust.
 */
export function pushCertificateAuthorities(caFile: string | undefined): string[] | undefined {
  if (!caFile) return undefined;
  let cas = trusted.get(caFile);
  if (!cas) {
    cas = [...rootCertificates, readFileSync(caFile, "utf8")];
    trusted.set(caFile, cas);
  }
  return cas;
}

function agentFor(checked: CheckedEndpoint, ca: string[] | undefined): Agent {
  const key = `${checked.url.host}|${checked.address}|${ca ? "extra-ca" : ""}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 16, ...(ca ? { ca } : {}) });
    agents.set(key, agent);
  }
  return agent;
}

const VAPID_LIFETIME_S = 12 * 3600;
const vapidTokens = new Map<string, { authorization: string; renewAt: number }>();

/**
 * The VAPID Authorization for one push service (RFC 8292 §2: the token is per audience, the
 * service's origin, and may be reused until it expires). Signed once and reused for half its
 * 12-hour lifetime: an ES256 signature per push would double a fan-out's CPU cost.
 */
function vapidAuthorization(audience: string, vapid: VapidKeys): string {
  const key = `${audience}|${vapid.publicKey}|${vapid.subject}`;
  const cached = vapidTokens.get(key);
  if (cached && cached.renewAt > Date.now()) return cached.authorization;
  const expiration = Math.floor(Date.now() / 1000) + VAPID_LIFETIME_S;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    "aes128gcm",
    expiration,
  );
  vapidTokens.set(key, { authorization: Authorization, renewAt: Date.now() + (VAPID_LIFETIME_S / 2) * 1000 });
  return Authorization;
}

/**
 * Encrypts `payload` for one subscription (RFC 8291, aes128gcm, web-push's encrypt), signs the
 * request (RFC 8292, web-push's VAPID token) and POSTs it (RFC 8030). The request itself is made here so the connection goes to the address checked by checkPushEndpoint, not to whatever
 * the name resolves to a moment later. TLS is verified as usual (SNI and certificate name are the
 * endpoint's host); `ca` replaces the trusted authorities (pushCertificateAuthorities).
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
  ca?: string[];
  signal?: AbortSignal;
}): Promise<number> {
  const body = webpush.encrypt(target.p256dh, target.auth, payload, "aes128gcm").cipherText;
  const headers = {
    TTL: String(ttlSeconds),
    Urgency: "normal",
    "Content-Type": "application/octet-stream",
    "Content-Encoding": "aes128gcm",
    "Content-Length": String(body.length),
    Authorization: vapidAuthorization(checked.url.origin, vapid),
  };
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const answer = { address: checked.address, family: checked.family };
    if (options.all) (callback as (e: null, a: (typeof answer)[]) => void)(null, [answer]);
    else callback(null, answer.address, answer.family);
  };
  return await new Promise<number>((resolve, reject) => {
    const req = request(
      checked.url,
      {
        method: "POST",
        headers,
        lookup: pinned,
        agent: agentFor(checked, ca),
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
