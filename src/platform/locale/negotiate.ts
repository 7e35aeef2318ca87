import { type Locale, localeFromHeader } from "../../../common/messages";
import { localeFromCookie } from "./cookie";

/**
 * What a request says about its language, one slot per input. The request's headers fill
 * `cookie` and `header` when it arrives; `account` is filled later, once auth knows who is
 * asking (recordAccountLocale in request-locale.ts), or by a page that speaks for an account
 * (the digest's unsubscribe page).
 */
export type LocaleChoices = { cookie: Locale | null; account: Locale | null; header: Locale | null };

/**
 * The language of the work in progress (a request, or an e-mail to one person). `m` reads it on
 * every lookup, so the hundreds of `throw new Forbidden(m.x.y)` and rendered `m.x.y` speak the
 * request's language without each call site passing a locale around.
 * `source` says which input won (see settleLocale).
 */
export type LocaleStore = {
  locale: Locale;
  source: "cookie" | "account" | "header" | "default";
  /** This app's DEFAULT_LOCALE (for people who never chose, outside their own request). */
  defaultLocale: Locale;
  /** The inputs `locale` was settled from. */
  choices: LocaleChoices;
};

/**
 * The one order: an explicit choice (the `lang` cookie) beats the signed-in user's saved
 * language, which beats Accept-Language, which beats DEFAULT_LOCALE.
 */
export function settleLocale(choices: LocaleChoices, defaultLocale: Locale): LocaleStore {
  const base = { defaultLocale, choices };
  if (choices.cookie) return { ...base, locale: choices.cookie, source: "cookie" };
  if (choices.account) return { ...base, locale: choices.account, source: "account" };
  if (choices.header) return { ...base, locale: choices.header, source: "header" };
  return { ...base, locale: defaultLocale, source: "default" };
}

/** A request's language from its headers: cookie, then Accept-Language, then the default. */
export function negotiateLocale(request: Request, defaultLocale: Locale): LocaleStore {
  const cookie = localeFromCookie(request.headers.get("cookie"));
  const header = localeFromHeader(request.headers.get("accept-language"));
  return settleLocale({ cookie, account: null, header }, defaultLocale);
}
