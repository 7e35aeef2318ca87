import { AsyncLocalStorage } from "node:async_hooks";
import { z } from "zod";
// The two locales by path: `z.locales.en()` would pull all of zod's 40-odd languages into the
// server bundle (about 250 KB of code each process loads).
import zodEn from "zod/v4/locales/en.js";
import zodEs from "zod/v4/locales/es.js";
import { type Locale, setLocaleSource } from "../../../common/messages";
import { type LocaleStore, settleLocale } from "./negotiate";

export type { LocaleStore } from "./negotiate";

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
  const choices = { cookie: null, account: locale, header: null };
  return storage.run(settleLocale(choices, defaultLocale()), fn);
}

/**
 * Fills the request's `account` slot once auth knows who is asking, and settles the language
 * again with the same order: a signed-in request without a `lang` cookie follows the account's
 * saved language (so a user's API calls and pages match on every device), while a cookie still
 * wins. The only change made to a request's store after it is negotiated.
 */
export function recordAccountLocale(locale: Locale | null | undefined): void {
  const store = storage.getStore();
  if (!store || !locale) return;
  Object.assign(store, settleLocale({ ...store.choices, account: locale }, store.defaultLocale));
}

/** The current request's store, to hand to work done for it elsewhere (a server render's API calls). */
export function requestLocaleStore(): LocaleStore | undefined {
  return storage.getStore();
}

export function defaultLocale(): Locale {
  return storage.getStore()?.defaultLocale ?? fallback;
}

export function requestLocale(): Locale {
  return storage.getStore()?.locale ?? fallback;
}
