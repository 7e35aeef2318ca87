import { en } from "./en";
import { es } from "./es";
import { createLazyCatalogue, type LocaleSource } from "./lazy";

/**
 * The one message catalogue: every user-facing string of a screen, an API error or an e-mail.
 * English wording from the spec is exact; Spanish has the same shape (the type enforces it).
 * Each area keeps its strings in its own file under en/ and es/.
 *
 * `m` follows the current locale: on the server, the request's
 * (src/platform/locale/request-locale.ts registers an AsyncLocalStorage source); in the browser, the one catalogue the page was served with (the
 * browser build swaps this module for ./browser.ts, so only that language is downloaded).
 */
export type Messages = typeof en;
export type { Locale } from "./locales";
export { isLocale, LOCALES, localeFromHeader } from "./locales";

import { formatIn, type Values } from "./format";
import type { Locale } from "./locales";

const catalogues: Record<Locale, Messages> = { en, es };

export function messages(locale: Locale = "en"): Messages {
  return catalogues[locale];
}

let source: LocaleSource = () => "en";

/**
 * Where `m` reads the current locale from (the server registers its per-request store).
 * Returns the source it replaces, so a test that sets its own can put the server's back.
 */
export function setLocaleSource(next: LocaleSource): LocaleSource {
  const previous = source;
  source = next;
  return previous;
}

/** The server always holds every area; the browser's ./browser.ts loads the rest on demand. */
export async function loadAllMessages(): Promise<void> {}

export function currentLocale(): Locale {
  return source();
}

export const m: Messages = createLazyCatalogue<Messages>(() => catalogues[source()]);

/** Fills a catalogue template (ICU MessageFormat: placeholders, plural, select) in the current language. */
export function format(template: string, values: Values, locale: Locale = currentLocale()): string {
  return formatIn(template, values, locale);
}
