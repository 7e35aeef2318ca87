import type { en } from "./en";
import { formatIn, type Values } from "./format";
import { createLazyCatalogue } from "./lazy";
import type { Locale } from "./locales";

/**
 * The browser's stand-in for ./index.ts (scripts/build-client.ts swaps it in): the page loads
 * its language's catalogue, `load-<locale>-<hash>.js`, before the app module, so the other
 * language is never downloaded. That file holds the areas the landing pages read; the rest
 * (`rest`) is imported by loadAllMessages() before any other page renders
 * (scripts/build/catalogue-files.ts). Same exports as ./index.ts.
 */
export type Messages = typeof en;
export type { Locale } from "./locales";
export { isLocale, LOCALES, localeFromHeader } from "./locales";

/** `compiled`: ICU templates pre-parsed by the build, by template text (no parser in the browser). */
type Loaded = { locale: Locale; messages: Messages; rest?: string; compiled?: Record<string, unknown> };

function loaded(): Loaded {
  const value = (globalThis as { __CLUBNICA_I18N__?: Loaded }).__CLUBNICA_I18N__;
  if (!value) throw new Error("the message catalogue script did not run before the app");
  return value;
}

export function messages(_locale?: Locale): Messages {
  return loaded().messages;
}

export function setLocaleSource(): void {}

let loadingRest: Promise<void> | null = null;

export function loadAllMessages(): Promise<void> {
  const { rest } = loaded();
  loadingRest ??= rest
    ? import(/* the catalogue's second file */ rest).then(
        () => {},
        (error: unknown) => {
          // Tried again by the next call (the error screen's Retry), not cached as failed.
          loadingRest = null;
          throw error;
        },
      )
    : Promise.resolve();
  return loadingRest;
}

export function currentLocale(): Locale {
  return loaded().locale;
}

/** A read of an area not loaded yet fails loudly instead of rendering `undefined`. */
function checkedMessages(): Messages {
  const { messages } = loaded();
  return new Proxy(messages, {
    get(target, area, receiver) {
      if (typeof area === "string" && !(area in target)) {
        throw new Error(`message area "${area}" read before loadAllMessages()`);
      }
      return Reflect.get(target, area, receiver);
    },
  });
}

export const m: Messages = createLazyCatalogue<Messages>(checkedMessages);

/** Fills a catalogue template in the page's language, from the build's pre-parsed form. */
export function format(template: string, values: Values, _locale?: Locale): string {
  const { locale, compiled } = loaded();
  return formatIn(template, values, locale, compiled?.[template]);
}
