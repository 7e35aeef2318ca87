import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from "node:crypto";

/**
 * The receiving browser's side of Web Push, written from the RFCs with node:crypto and sharing
 * no code with web-push: a synthetic subscription key pair, RFC 8291 decryption and RFC 8292
 * VAPID verification.
 */
export type BrowserKeys = { ecdh: ECDH; p256dh: string; auth: string; authSecret: Buffer };

export function makeBrowserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: authSecret.toString("base64url"),
    authSecret,
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();
/** HKDF (RFC 5869) for outputs of at most one hash block, which is all RFC 8291 needs. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  hmac(hmac(salt, ikm), Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

/** RFC 8291 §3.4 and RFC 8188: decrypts a one-record aes128gcm body; returns the plaintext. */
export function decryptPush(keys: BrowserKeys, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error("not a one-record RFC 8291 body");
  const uaPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = hkdf(keys.authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero or more 0x00 padding bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("missing the last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. Checks k is `publicKey`, the ES256
 * signature with that key, and returns the claims for the caller to check aud, exp and sub.
 */
export function verifyVapid(authorization: string | null, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== publicKey) throw new Error("k is not the server's VAPID public key");
  const [header, claims, signature] = jwt.split(".") as [string, string, string];
  const head = JSON.parse(Buffer.from(header, "base64url").toString());
  if (head.alg !== "ES256") throw new Error(`alg ${head.alg}`);
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("the VAPID signature does not verify");
  return JSON.parse(Buffer.from(claims, "base64url").toString());
}
