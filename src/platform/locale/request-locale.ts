import { AsyncLocalStorage } from "node:async_hooks";
import { z } from "zod";
// The two locales by path: `z.locales.en()` would pull all of zod's 40-odd languages into the
// server bundle (about 250 KB of code each process loads).
import zodEn from "zod/v4/locales/en.js";
import zodEs from "zod/v4/locales/es.js";
import { type Locale, setLocaleSource } from "../../../common/messages";

/**
 * The language of the work in progress (a request, or an e-mail to one person). `m` reads it on
 * every lookup, so the hundreds of `throw new Forbidden(m.x.y)` and rendered `m.x.y` speak the
 * request's language without each call site passing a locale around.
 * `source` says how it was chosen: an explicit choice (the `lang` cookie) beats the signed-in
 * user's saved language, which beats Accept-Language, which beats DEFAULT_LOCALE.
 */
export type LocaleStore = {
  locale: Locale;
  source: "cookie" | "account" | "header" | "default";
  /** This app's DEFAULT_LOCALE (for people who never chose, outside their own request). */
  defaultLocale: Locale;
};

const storage = new AsyncLocalStorage<LocaleStore>();
let fallback: Locale = "es";

setLocaleSource(() => storage.getStore()?.locale ?? fallback);

// zod's own messages (for checks without a catalogue message) in the request's language too.
const zodLocales = { en: zodEn(), es: zodEs() };
z.config({ localeError: (issue) => zodLocales[requestLocale()].localeError?.(issue) });

/**
 * The locale used outside any request (start-up, jobs): the server sets DEFAULT_LOCALE at
 * start; the unit tests set English (the spec's wording), like their harness.
 */
export function setDefaultLocale(locale: Locale): void {
  fallback = locale;
}

export function runWithLocale<T>(store: LocaleStore, fn: () => T): T {
  return storage.run(store, fn);
}

/** Runs `fn` in one person's language (an e-mail to its recipient), whatever the request's. */
export function inLocale<T>(locale: Locale | null | undefined, fn: () => T): T {
  if (!locale) return fn();
  return storage.run({ locale, source: "account", defaultLocale: defaultLocale() }, fn);
}

/**
 * A signed-in request without an explicit choice follows the account's saved language (so a
 * user's API calls and pages match on every device).
 */
export function applyAccountLocale(locale: Locale | null | undefined): void {
  const store = storage.getStore();
  if (store && locale && store.source !== "cookie") {
    store.locale = locale;
    store.source = "account";
  }
}

export function defaultLocale(): Locale {
  return storage.getStore()?.defaultLocale ?? fallback;
}

export function requestLocale(): Locale {
  return storage.getStore()?.locale ?? fallback;
}
