import { type Locale, localeFromHeader } from "../../../common/messages";
import { localeFromCookie } from "./cookie";
import type { LocaleStore } from "./request-locale";

/** Cookie, then Accept-Language, then the default (the account's language is applied by auth). */
export function negotiateLocale(request: Request, defaultLocale: Locale): LocaleStore {
  const cookie = localeFromCookie(request.headers.get("cookie"));
  if (cookie) return { locale: cookie, source: "cookie", defaultLocale };
  const header = localeFromHeader(request.headers.get("accept-language"));
  if (header) return { locale: header, source: "header", defaultLocale };
  return { locale: defaultLocale, source: "default", defaultLocale };
}
