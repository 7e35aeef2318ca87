import { useRouter, useRouterState } from "@tanstack/react-router";
import { Fragment, type MouseEvent, useState } from "react";
import { LOCALES, type Locale, m } from "../../common/messages";
import { languageHref } from "../lib/account-language";
import { ApiError } from "../lib/api";
import { useApi } from "../lib/use-api";
import { useSession } from "./session-provider";

/**
 * "Español / English". Plain links (they work before JavaScript): `/lang/<locale>` sets the
 * cookie and reloads the page in that language. Signed in, the choice is first saved on the
 * account, so e-mails and the user's other devices follow it.
 */
export function LanguageSwitch({
  className = "language-switch",
  testIdPrefix = "language",
}: {
  className?: string;
  /** A second switch on the page (the guests' phone footer) needs its own test ids. */
  testIdPrefix?: string;
}) {
  const { token } = useSession();
  const api = useApi();
  const next = useRouterState({ select: (s) => s.location.href });
  // The page's language, from the router's context (the server settled it for this render).
  const current = useRouter().options.context.locale;
  // The server's own words when it answered (a 429 says when to try again), else ours.
  const [error, setError] = useState<string | null>(null);

  const choose = async (event: MouseEvent<HTMLAnchorElement>, locale: Locale) => {
    if (!token) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    try {
      await api.put("/api/users/me/locale", { json: { locale } });
      window.location.assign(href);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 429 ? caught.message : m.language.saveFailed);
    }
  };

  return (
    <div className={className}>
      <nav aria-label={m.language.switchTo} className="language-switch__links">
        {LOCALES.map((locale, index) => (
          <Fragment key={locale}>
            {index > 0 ? <span aria-hidden="true"> / </span> : null}
            <a
              href={languageHref(locale, next)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
              className="language-switch__link"
              onClick={(event) => void choose(event, locale)}
              data-testid={`${testIdPrefix}-${locale}`}
            >
              {m.language.names[locale]}
            </a>
          </Fragment>
        ))}
      </nav>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
