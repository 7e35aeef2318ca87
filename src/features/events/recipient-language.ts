import { defaultLocale, inLocale } from "../../platform/locale/request-locale";
import type { Recipient } from "./queries";

/**
 * Runs `render` in the recipient's saved language (else DEFAULT_LOCALE): event mails are sent
 * from jobs, outside the request of whoever caused them.
 */
export function inRecipientLanguage<T>(user: Recipient, render: (locale: string) => T): T {
  const locale = user.locale ?? defaultLocale();
  return inLocale(locale, () => render(locale));
}
