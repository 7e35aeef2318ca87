import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/*
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that logged in with the right password gets a cookie naming a random device id, bound to the
 * username and signed with the server secret. Its later log-in attempts for that username are
 * counted per device (login-limits.ts), so strangers guessing from elsewhere, who can only lock
 * out untrusted clients, never lock out the student's own phone. Nothing is stored: the
 * signature is the proof, and the issue time lets an old cookie lapse.
 */

/** How long a device stays trusted after its last right log-in (each one issues a fresh cookie). */
const DEVICE_COOKIE_SECONDS = 180 * 86_400;

function subjectOf(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * One cookie per username (named by a hash of it), so a family's shared phone stays trusted for
 * each sibling's account, and a log-in for one username never reads another's cookie.
 */
function deviceCookieName(username: string): string {
  return `device_${createHash("sha256").update(subjectOf(username)).digest("base64url").slice(0, 12)}`;
}

function signatureOf({
  secret,
  username,
  id,
  issuedAt,
}: {
  secret: string;
  username: string;
  id: string;
  issuedAt: number;
}) {
  return createHmac("sha256", secret)
    .update(`device-cookie:${subjectOf(username)}:${id}:${issuedAt}`)
    .digest("base64url");
}

/** A `Set-Cookie` value with a fresh device id for this username. Path=/login: sent nowhere else. */
export function issueDeviceCookie({
  secret,
  username,
  secure,
  now = Date.now(),
}: {
  secret: string;
  username: string;
  secure: boolean;
  now?: number;
}): string {
  const id = randomBytes(16).toString("base64url");
  const issuedAt = Math.floor(now / 1000);
  const value = `${id}.${issuedAt}.${signatureOf({ secret, username, id, issuedAt })}`;
  return [
    `${deviceCookieName(username)}=${value}`,
    "Path=/login",
    `Max-Age=${DEVICE_COOKIE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

function cookieValue(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The device id of a valid, unexpired device cookie for this username in the request's Cookie
 * header, else null (none, another username's, forged, expired or malformed: all untrusted).
 */
export function readDeviceId({
  secret,
  username,
  cookieHeader,
  now = Date.now(),
}: {
  secret: string;
  username: string;
  cookieHeader: string | null | undefined;
  now?: number;
}): string | null {
  if (!cookieHeader) return null;
  const value = cookieValue(cookieHeader, deviceCookieName(username));
  const match = value ? /^([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/.exec(value) : null;
  if (!match) return null;
  const [, id = "", issued = "", signature = ""] = match;
  const issuedAt = Number(issued);
  const age = now / 1000 - issuedAt;
  if (age < -300 || age > DEVICE_COOKIE_SECONDS) return null;
  const expected = Buffer.from(signatureOf({ secret, username, id, issuedAt }));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
