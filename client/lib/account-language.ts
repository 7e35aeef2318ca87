import { currentLocale, isLocale, type Locale } from "../../common/messages";
import type { Api } from "./api";

/** Where a language switch sends the browser: the server sets the `lang` cookie and comes back. */
export function languageHref(locale: Locale, next: string): string {
  return `/lang/${locale}?next=${encodeURIComponent(next)}`;
}

/** The `lang` cookie's value, when the browser has one (an explicit choice on this device). */
function langCookie(cookie: string): Locale | null {
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === "lang" && isLocale(value)) return value;
  }
  return null;
}

/**
 * The page language should follow the account's saved language: always right after signing in
 * (the user's choice on another device), and on a page load when this device made no choice of
 * its own. Returns the language to switch to, or null to stay.
 */
export async function accountLanguageToApply({
  api,
  signedInNow,
}: {
  api: Api;
  signedInNow: boolean;
}): Promise<Locale | null> {
  if (!signedInNow && langCookie(document.cookie)) return null;
  const me = await api.get<{ locale: Locale | null }>("/api/users/me");
  if (!me.locale || me.locale === currentLocale()) return null;
  return me.locale;
}
