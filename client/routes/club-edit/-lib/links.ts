import {
  MAP_SEARCH_URL,
  NormalizeError,
  normalizeLink as storedLink,
  normalizeMeetingPlace as storedMeetingPlace,
  normalizeSocialLink as storedSocialLink,
  normalizeWhatsapp as storedWhatsapp,
} from "../../../../common/links";

/**
 * What the club form shows before saving: the value the server will store (same rules, from
 * common/links.ts), "" for an empty field, or null when the input cannot become a link.
 */
function preview(normalize: (raw: string) => string | null) {
  return (raw: string): string | null => {
    if (!raw.trim()) return "";
    try {
      return normalize(raw);
    } catch (error) {
      if (error instanceof NormalizeError) return null;
      throw error;
    }
  };
}

const normalizeLink = preview(storedLink);
const normalizeMeetingPlace = preview(storedMeetingPlace);
export const normalizeWhatsapp = preview(storedWhatsapp);
const normalizeInstagram = preview((raw) => storedSocialLink("instagram", raw));
const normalizeFacebook = preview((raw) => storedSocialLink("facebook", raw));

/** The preview rule of each link field of the club form: the server's rule for that field. */
export function previewFor(
  name: "meeting_location" | "facebook" | "instagram" | "google_forms" | "whatsapp",
): (raw: string) => string | null {
  if (name === "whatsapp") return normalizeWhatsapp;
  if (name === "instagram") return normalizeInstagram;
  if (name === "facebook") return normalizeFacebook;
  if (name === "meeting_location") return normalizeMeetingPlace;
  return normalizeLink;
}

/** The address a meeting place's map search link looks for, or null for any other link. */
export function mapSearchQuery(link: string): string | null {
  if (!link.startsWith(MAP_SEARCH_URL)) return null;
  return new URL(link).searchParams.get("query");
}
