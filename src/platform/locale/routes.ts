import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { langCookie } from "./cookie";
import { updateUserLocale } from "./queries";
import { localeBody, localeParams, localeResponse, nextQuery } from "./schema";

/**
 * The language switch ("Español / English"). `GET /lang/{locale}` sets the `lang` cookie and
 * goes back to the page (a plain link, so it works without JavaScript); signed in, the page
 * also calls `PUT /api/users/me/locale` so e-mails and the user's other devices follow.
 */
export function localeRoutes({ deps, auth }: { deps: AppDeps; auth: AuthPlugin }) {
  const secure = deps.config.PUBLIC_URL?.startsWith("https://") ?? false;
  return new Elysia({ name: "locale-routes", detail: { tags: ["Language"] } })
    .use(auth)
    .use(createRouteRules(deps))
    .get(
      "/lang/:locale",
      async ({ params, query, set }) => {
        set.status = 303;
        set.headers["set-cookie"] = langCookie(params.locale, secure);
        set.headers.location = query.next ?? "/";
        set.headers["cache-control"] = "no-store";
        set.headers["content-type"] = "text/plain; charset=utf-8";
        return "";
      },
      {
        rateLimit: { address: "languageSwitches" },
        params: localeParams,
        query: nextQuery,
        response: {
          ...errorResponses(429),
          303: z.string().describe("Empty; Location is the page to go back to."),
        },
        detail: {
          summary: "Choose the language of the site (sets the lang cookie)",
          description:
            'locale is es or en (422 "Language must be es or en." otherwise). Answers 303 to `next` (a path on this site; anything else goes to /) with `Set-Cookie: lang=<locale>`. The cookie beats the account\'s saved language and Accept-Language for pages, API errors and e-mails sent during the request. Guests use it too, so it is limited per client address (RATE_LANGUAGE_SWITCHES_PER_ADDRESS, default 600 in 15 minutes): past it 429 with Retry-After.',
        },
      },
    )
    .put(
      "/api/users/me/locale",
      async ({ user, body, set }) => {
        await updateUserLocale(deps.db, user.id, body.locale);
        set.headers["set-cookie"] = langCookie(body.locale, secure);
        return { locale: body.locale };
      },
      {
        rateLimit: "languageChanges",
        auth: true,
        body: localeBody,
        response: { ...errorResponses(429), 200: localeResponse },
        detail: {
          summary: "Save the signed-in user's language",
          description:
            'Body { locale: "es" | "en" } (422 "Language must be es or en." otherwise; 401 without a valid token). Saved on the account: e-mails to the user use it, and requests signed in without a lang cookie follow it (on any device). Also sets the lang cookie. Returns { locale }. Limited per account (RATE_LANGUAGE_CHANGES_PER_ACCOUNT, default 30 an hour) and per client address (RATE_LANGUAGE_CHANGES_PER_ADDRESS, default 600 an hour): past either 429 with Retry-After.',
          security: [{ bearer: [] }],
        },
      },
    );
}
