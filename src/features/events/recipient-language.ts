import type { Recipient } from "./queries";

/**
 * Runs `render` in the recipient's language. Until accounts save a language, e-mails are in
 * English (the catalogue's default); replaced by the saved language when that lands.
 */
export function inRecipientLanguage<T>(_user: Recipient, render: (locale: string) => T): T {
  return render("en");
}
