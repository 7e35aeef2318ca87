/**
 * What the club form shows before saving (spec section 5): a link gets https:// when it has no
 * scheme; a WhatsApp number keeps digits and "+", a leading 00 becomes +, and becomes a wa.me
 * link. The server normalises the same way (src/features/clubs/normalize.ts) and has the last
 * word; these only preview it. Each returns the value to show, "" for empty, or null when the
 * input cannot become a link.
 */
const SCHEME_RE = /^[a-z][a-z0-9+.-]*:\/\//i;

export function normalizeLink(raw: string): string | null {
  const value = raw.trim();
  if (!value) return "";
  if (/\s/.test(value)) return null;
  const withScheme = SCHEME_RE.test(value) ? value : `https://${value.replace(/^\/+/, "")}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!url.hostname.includes(".") && url.hostname !== "localhost") return null;
  return withScheme;
}

const PHONE_RE = /^[\d\s+().-]+$/;
const WA_ME_RE = /^(?:https?:\/\/)?(?:www\.)?wa\.me\/(.*)$/i;

function waLink(number: string): string | null {
  let cleaned = number.replace(/[^\d+]/g, "");
  if (cleaned.startsWith("00")) cleaned = `+${cleaned.slice(2)}`;
  const digits = cleaned.replace(/\+/g, "");
  if (digits.length < 7 || digits.length > 15) return null;
  return `https://wa.me/${digits}`;
}

export function normalizeWhatsapp(raw: string): string | null {
  const value = raw.trim();
  if (!value) return "";
  if (PHONE_RE.test(value)) return waLink(value);
  const waMe = WA_ME_RE.exec(value);
  if (waMe) {
    let rest = waMe[1] ?? "";
    try {
      rest = decodeURIComponent(rest);
    } catch {
      // Keep it as typed.
    }
    return waLink(rest.split(/[/?#]/)[0] ?? "");
  }
  const link = normalizeLink(value);
  if (!link) return null;
  const url = new URL(link);
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (host === "api.whatsapp.com" || (host === "whatsapp.com" && url.pathname.startsWith("/send")))
    return waLink(url.searchParams.get("phone") ?? "");
  return host.endsWith("whatsapp.com") ? link : null;
}
