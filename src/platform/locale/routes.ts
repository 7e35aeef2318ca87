import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../lib/api-responses";
import type { AuthPlugin } from "../../plugins/auth";
import { createRouteRules } from "../../plugins/route-rules";
import { langCookie } from "./cookie";
import { updateUserLocale } from "./queries";
import { localeDocs } from "./route-docs";
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
        detail: localeDocs.switchLanguage,
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
        detail: { ...localeDocs.saveLanguage, security: [{ bearer: [] }] },
      },
    );
}
