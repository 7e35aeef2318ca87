import type { en } from "./en";
import { createLazyCatalogue } from "./lazy";
import type { Locale } from "./locales";

/**
 * The browser's stand-in for ./index.ts (scripts/build-client.ts swaps it in): the page loads
 * exactly one catalogue, `messages-<locale>-<hash>.js` (see ./load.ts), before the app module,
 * so the other language is never downloaded. Same exports as ./index.ts.
 */
export type Messages = typeof en;
export { format } from "./format";
export type { Locale } from "./locales";
export { isLocale, LOCALES, localeFromHeader } from "./locales";

type Loaded = { locale: Locale; messages: Messages };

function loaded(): Loaded {
  const value = (globalThis as { __CLUBNICA_I18N__?: Loaded }).__CLUBNICA_I18N__;
  if (!value) throw new Error("the message catalogue script did not run before the app");
  return value;
}

export function messages(_locale?: Locale): Messages {
  return loaded().messages;
}

export function setLocaleSource(): void {}

export function currentLocale(): Locale {
  return loaded().locale;
}

export const m: Messages = createLazyCatalogue<Messages>(() => loaded().messages);
