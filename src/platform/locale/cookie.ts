import { isLocale, type Locale } from "../../../common/messages/locales";

const LANG_COOKIE = "lang";
const YEAR_SECONDS = 31_536_000;

/** The `lang` cookie: readable by the page (it shows the current choice), kept for a year. */
export function langCookie(locale: Locale, secure: boolean): string {
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The `lang` cookie's value when it names one of our languages. */
export function localeFromCookie(cookieHeader: string | null | undefined): Locale | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LANG_COOKIE) {
      const value = rest.join("=").trim();
      return isLocale(value) ? value : null;
    }
  }
  return null;
}
