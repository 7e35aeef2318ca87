/**
 * Link rules shared by the server (which stores the result) and the club form (which previews
 * it): a link gets https:// when it has no scheme, and a WhatsApp number keeps digits and "+",
 * a leading 00 becomes +, and becomes a wa.me link (spec section 5). Pure: no server imports,
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

function waLink(number: string): string {
  let cleaned = number.replace(/[^\d+]/g, "");
  if (cleaned.startsWith("00")) cleaned = `+${cleaned.slice(2)}`;
  // Only one leading "+" makes sense; any other "+" is noise from the input.
  const digits = cleaned.replace(/\+/g, "");
  if (digits.length < 7 || digits.length > 15) throw new NormalizeError("phone length");
  return `https://wa.me/${digits}`;
}
