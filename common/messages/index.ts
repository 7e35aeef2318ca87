import { en } from "./en";
import { es } from "./es";

/**
 * The one message catalogue: every user-facing string of a screen, an API error or an e-mail.
 * English wording from the spec is exact; Spanish has the same shape (the type enforces it).
 * Each area keeps its strings in its own file under en/ and es/.
 */
export type Messages = typeof en;
export type Locale = "en" | "es";

const catalogues: Record<Locale, Messages> = { en, es };

export function messages(locale: Locale = "en"): Messages {
  return catalogues[locale];
}

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  );
}

export const m = en;
