/**
 * Link rules shared by the server (which stores the result) and the club form (which previews
 * it): a link gets https:// when it has no scheme, and a WhatsApp number keeps digits and "+",
 * a leading 00 becomes +, and becomes a wa.me link (spec section 5); a local 8-digit number
 * gets Nicaragua's 505. Social fields take a handle or "@handle" (normalizeSocialLink). Pure: no server imports,
 * so it is safe in the browser bundle. Each returns the value, null for "not given", and throws
 * NormalizeError for a value that cannot be a link.
 */
export class NormalizeError extends Error {}

const SCHEME_RE = /^[a-z][a-z0-9+.-]*:\/\//i;
const MAX_LINK_LENGTH = 500;

/** Adds https:// when the link has no scheme; accepts only http(s) links to a real host name. */
export function normalizeLink(raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? "";
  if (!value) return null;
  const withScheme = SCHEME_RE.test(value) ? value : `https://${value.replace(/^\/+/, "")}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new NormalizeError("invalid link");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new NormalizeError("scheme");
  if (!url.hostname.includes(".") && url.hostname !== "localhost") throw new NormalizeError("host");
  if (/\s/.test(value) || withScheme.length > MAX_LINK_LENGTH) throw new NormalizeError("invalid link");
  return withScheme;
}

/** Where an address typed as a meeting place opens: a map search for it (any device, no key). */
export const MAP_SEARCH_URL = "https://www.google.com/maps/search/?api=1&query=";
const MAX_ADDRESS_LENGTH = 200;
/** "maps.app.goo.gl/x", "goo.gl/maps/y": a host with a dot and a top-level name, no spaces. */
const BARE_HOST_RE = /^[^\s/?#]+\.[a-z]{2,}(?:[/?#:]|$)/i;

/**
 * A club's meeting place (spec: a URL) as people fill it: a map link is kept as a link
 * (normalizeLink's rules); anything else is an address ("Teatro Municipal, León") and becomes a
 * map search link for it, so the field always stores a URL and the hint's promise holds. The
 * one rule for the server and the club form's preview.
 */
export function normalizeMeetingPlace(raw: string | null | undefined): string | null {
  const value = raw?.trim().replace(/\s+/g, " ") ?? "";
  if (!value) return null;
  if (SCHEME_RE.test(value) || BARE_HOST_RE.test(value)) return normalizeLink(value);
  if (value.length > MAX_ADDRESS_LENGTH) throw new NormalizeError("address too long");
  if (!/[\p{L}\p{N}]/u.test(value)) throw new NormalizeError("address");
  return `${MAP_SEARCH_URL}${encodeURIComponent(value)}`;
}

const PHONE_RE = /^[\d\s+().-]+$/;
const WA_ME_RE = /^(?:https?:\/\/)?(?:www\.)?wa\.me\/(.*)$/i;

/**
 * A WhatsApp number keeps only digits and "+", a leading "00" becomes "+", and the result is a
 * https://wa.me/<digits> link (wa.me wants the number without "+"). A wa.me or api.whatsapp.com
 * link is rebuilt the same way; other WhatsApp links (group invites) are kept as links.
 */
export function normalizeWhatsapp(raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? "";
  if (!value) return null;
  if (PHONE_RE.test(value)) return waLink(value);
  // People paste "wa.me/+505 8888 7777" with spaces, which is not a valid URL as typed.
  const waMe = WA_ME_RE.exec(value);
  if (waMe) return waLink(safeDecode(waMe[1] ?? "").split(/[/?#]/)[0] ?? "");
  const link = normalizeLink(value);
  if (!link) return null;
  const url = new URL(link);
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (host === "api.whatsapp.com" || (host === "whatsapp.com" && url.pathname.startsWith("/send"))) {
    return waLink(url.searchParams.get("phone") ?? "");
  }
  if (host.endsWith("whatsapp.com")) return link;
  throw new NormalizeError("not a whatsapp link");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Nicaragua's country code, given to a local number ("8888 1234" is how Nicaraguans write one). */
const NICARAGUA = "505";
const LOCAL_DIGITS = 8;

function waLink(number: string): string {
  let cleaned = number.replace(/[^\d+]/g, "");
  if (cleaned.startsWith("00")) cleaned = `+${cleaned.slice(2)}`;
  // Only one leading "+" makes sense; any other "+" is noise from the input.
  let digits = cleaned.replace(/\+/g, "");
  // Without a country (no "+", no "00") an 8-digit number is local: wa.me needs 505 in front.
  if (!cleaned.startsWith("+") && digits.length === LOCAL_DIGITS) digits = `${NICARAGUA}${digits}`;
  if (digits.length < 7 || digits.length > 15) throw new NormalizeError("phone length");
  return `https://wa.me/${digits}`;
}

export type SocialNetwork = "instagram" | "facebook" | "tiktok";

/** Each network's hosts and the one profile address stored for a handle. */
const NETWORKS: Record<SocialNetwork, { hosts: string[]; profile: (handle: string) => string }> = {
  instagram: {
    hosts: ["instagram.com", "www.instagram.com", "m.instagram.com", "instagr.am"],
    profile: (handle) => `https://www.instagram.com/${handle}`,
  },
  facebook: {
    hosts: ["facebook.com", "www.facebook.com", "m.facebook.com", "web.facebook.com", "fb.com"],
    profile: (handle) => `https://www.facebook.com/${handle}`,
  },
  tiktok: {
    hosts: ["tiktok.com", "www.tiktok.com", "m.tiktok.com"],
    profile: (handle) => `https://www.tiktok.com/@${handle}`,
  },
};

/** What a handle may hold on these networks: letters, digits, dots, underscores, dashes. */
const HANDLE_RE = /^@?([A-Za-z0-9._-]{1,50})$/;
/** A typed value that names a web address rather than a handle ("linktr.ee/club"). */
const LOOKS_LIKE_ADDRESS = /[/:]|\.(com|net|org|ni|me|ee|io|app|co|gl|ly|page|site|link)$/i;

/**
 * A social field as people fill it: "ajedrezesteli", "@ajedrezesteli" and the profile's full
 * address all store the same https://www.instagram.com/ajedrezesteli (TikTok keeps its "@":
 * https://www.tiktok.com/@club). Other addresses on the network (a post, a page path) and links
 * elsewhere (a link page) are kept as links with normalizeLink's rules.
 */
export function normalizeSocialLink(network: SocialNetwork, raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? "";
  if (!value) return null;
  const { hosts, profile } = NETWORKS[network];
  const handle = HANDLE_RE.exec(value)?.[1];
  if (handle && (value.startsWith("@") || !LOOKS_LIKE_ADDRESS.test(value))) {
    if (!/[A-Za-z0-9]/.test(handle)) throw new NormalizeError("handle");
    return profile(handle);
  }
  const link = normalizeLink(value);
  if (!link) return null;
  const url = new URL(link);
  if (!hosts.includes(url.hostname.toLowerCase())) return link;
  const segments = url.pathname.split("/").filter(Boolean);
  const only = segments.length === 1 ? /^@?([A-Za-z0-9._-]{1,50})$/.exec(segments[0] ?? "")?.[1] : undefined;
  // profile.php?id=… and deeper paths (posts, videos) are addresses the network gave; keep them.
  return only && only !== "profile.php" ? profile(only) : link;
}
