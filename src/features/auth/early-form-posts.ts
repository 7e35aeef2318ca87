import { Elysia } from "elysia";

/** The server-rendered account pages, whose forms (method="post", no action) post to their own path. */
const ACCOUNT_FORM_PAGES = new Set([
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/profile/create",
]);

/**
 * A student on a slow phone can send an account form before the app's script has even loaded.
 * The browser then posts it itself, to the page's own path, where /login and /signup are the API:
 * the student would see raw JSON (a token, or a validation error) and stay logged out. Such a
 * post is a navigation (`Sec-Fetch-Mode: navigate`, which no API client sends), so it is turned
 * back to the page with 303 See Other, which the script then runs; nothing is logged in or
 * created by it. Once the script runs, client/components/early-input.ts holds the submit instead.
 */
export function earlyFormPosts() {
  // A plain function that Elysia judges synchronous: see src/plugins/request-hooks.test.ts.
  return new Elysia({ name: "early-form-posts" }).onRequest(function pageForEarlyFormPost({ request }) {
    let answer: Response | undefined;
    if (request.method === "POST" && request.headers.get("sec-fetch-mode") === "navigate") {
      const { pathname } = new URL(request.url);
      if (ACCOUNT_FORM_PAGES.has(pathname)) {
        answer = new Response(null, {
          status: 303,
          headers: { location: pathname, "cache-control": "no-store" },
        });
      }
    }
    return answer;
  });
}
