import { NormalizeError, normalizeLink } from "./links";

const HOSTS = new Set(["instagram.com", "www.instagram.com", "m.instagram.com"]);
const KINDS = new Set(["p", "reel", "reels", "tv"]);
const SHORTCODE = /^[A-Za-z0-9_-]{5,64}$/;

/**
 * Turns what a user pastes for an Instagram post, reel or IGTV video into the one canonical
 * embed address `https://www.instagram.com/p/<shortcode>/` (Instagram serves reels and videos
 * under /p/ too), or null when it is not one. Only this canonical form is stored, so the client
 * can build the embed without trusting user input: no other host, scheme, port, credentials
 * or path survives. A missing scheme means https; query strings and fragments are dropped.
 */
export function normalizeInstagramUrl(input: string): string | null {
  // The clubs' link normaliser adds the scheme and refuses anything but an http(s) URL.
  let link: string | null;
  try {
    link = normalizeLink(input);
  } catch (error) {
    if (error instanceof NormalizeError) return null;
    throw error;
  }
  if (!link) return null;
  const url = new URL(link);
  if (url.username || url.password || url.port) return null;
  if (!HOSTS.has(url.hostname.toLowerCase())) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  // Share links sometimes carry the account name first: /<user>/p/<code>/.
  const parts = segments.length === 3 && !KINDS.has(segments[0]!) ? segments.slice(1) : segments;
  if (parts.length !== 2) return null;
  const [kind, code] = parts as [string, string];
  if (!KINDS.has(kind.toLowerCase()) || !SHORTCODE.test(code)) return null;
  return `https://www.instagram.com/p/${code}/`;
}
