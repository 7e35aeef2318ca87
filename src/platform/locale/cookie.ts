import type { Locale } from "../../../common/messages/locales";
import { LANG_COOKIE } from "../../lib/locale";

const YEAR_SECONDS = 31_536_000;

/** The `lang` cookie: readable by the page (it shows the current choice), kept for a year. */
export function langCookie(locale: Locale, secure: boolean): string {
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
