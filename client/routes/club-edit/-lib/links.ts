import {
  NormalizeError,
  normalizeLink as storedLink,
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

export const normalizeLink = preview(storedLink);
export const normalizeWhatsapp = preview(storedWhatsapp);
