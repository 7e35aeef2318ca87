import { REGIONS, type Region } from "./enums";
import { NormalizeError, normalizeLink, normalizeSocialLink, normalizeWhatsapp } from "./links";

/**
 * Pure normalisers for what club forms send. Each returns the stored value, or null for "not
 * given", and throws NormalizeError for a value that cannot be stored (the service turns it into
 * a 422 on the right field).
 */
const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
/** Tags are stored joined with this separator; the tag index in the migrations splits on it. */
const TAG_SEPARATOR = ", ";

/** Trims, drops empties, removes case- and accent-insensitive duplicates (first spelling wins). */
export function normalizeTags(raw: string | string[] | null | undefined): string {
  const parts = (Array.isArray(raw) ? raw.join(",") : (raw ?? "")).split(",");
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim().replace(/\s+/g, " ");
    if (!tag) continue;
    if (tag.length > MAX_TAG_LENGTH) throw new NormalizeError("tag too long");
    const key = foldText(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  if (tags.length > MAX_TAGS) throw new NormalizeError("too many tags");
  return tags.join(TAG_SEPARATOR);
}

/** Lower case without accents, as the database's f_unaccent(lower(...)) folds text. */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** One of the four regions, accepting any case and "Leon" without the accent. */
export function normalizeRegion(raw: string | null | undefined): Region | null {
  const value = raw?.trim() ?? "";
  if (!value) return null;
  const region = REGIONS.find((r) => foldText(r) === foldText(value));
  if (!region) throw new NormalizeError("region");
  return region;
}

export type SocialLinksInput = {
  facebook?: string | null;
  instagram?: string | null;
  google_forms?: string | null;
  whatsapp?: string | null;
};

export type NormalizedSocialLinks = {
  facebook: string | null;
  instagram: string | null;
  google_forms: string | null;
  whatsapp: string | null;
};

/** Parses the multipart JSON string; unknown keys are ignored, each link is normalised. */
export function parseSocialLinks(raw: string | null | undefined): SocialLinksInput {
  const value = raw?.trim() ?? "";
  if (!value) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new NormalizeError("json");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new NormalizeError("json");
  const out: SocialLinksInput = {};
  for (const key of ["facebook", "instagram", "google_forms", "whatsapp"] as const) {
    const v = (parsed as Record<string, unknown>)[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== "string") throw new NormalizeError("json");
    out[key] = v;
  }
  return out;
}

export type SocialLinksErrorKey = keyof NormalizedSocialLinks;

/** Normalises every link; returns the links plus the keys that were invalid. */
export function normalizeSocialLinks(input: SocialLinksInput): {
  links: NormalizedSocialLinks;
  invalid: SocialLinksErrorKey[];
} {
  const invalid: SocialLinksErrorKey[] = [];
  const attempt = (key: SocialLinksErrorKey, fn: (v: string | null | undefined) => string | null) => {
    try {
      return fn(input[key]);
    } catch {
      invalid.push(key);
      return null;
    }
  };
  const links = {
    // A handle ("@club") becomes the network's profile address.
    facebook: attempt("facebook", (v) => normalizeSocialLink("facebook", v)),
    instagram: attempt("instagram", (v) => normalizeSocialLink("instagram", v)),
    google_forms: attempt("google_forms", normalizeLink),
    whatsapp: attempt("whatsapp", normalizeWhatsapp),
  };
  return { links, invalid };
}

/** Splits the comma-separated tags string. */
export function splitTags(tags: string | null | undefined): string[] {
  return (tags ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}
