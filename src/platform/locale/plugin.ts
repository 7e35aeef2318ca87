import { Elysia } from "elysia";
import type { Locale } from "../../../common/messages";
import { type LocaleStore, negotiateLocale } from "./negotiate";
import { runWithLocale } from "./request-locale";

/**
 * The language of requests the app makes to itself (a server render's API calls), settled by
 * the request they are made for. A WeakMap keyed by the in-process Request, like
 * carrySocketPeer (src/lib/request-address.ts): nothing travels in the request's headers, so
 * no made-up cookie, and a request from outside can never claim a carried language.
 */
const carried = new WeakMap<Request, LocaleStore>();

/**
 * Hands `request` (about to go to app.handle) the caller's settled language. The API answers
 * it in exactly that language without negotiating again; it gets its own copy, so nothing the
 * call does changes the caller's store.
 */
export function carryLocale(request: Request, store: LocaleStore): Request {
  carried.set(request, { ...store, choices: { ...store.choices } });
  return request;
}

/**
 * Picks each request's language (negotiate.ts), or takes the one carried by an in-process
 * request (carryLocale), and runs the whole request inside it (request-locale.ts).
 * `wrap` is the one Elysia hook around the entire request (every hook, handler, error handler
 * and the server rendering), so the store is scoped to that request; `onRequest` with
 * `enterWith` would leak the last request's language into whatever runs next in the caller.
 */
export function createLocale({ defaultLocale }: { defaultLocale: Locale }) {
  return new Elysia({ name: "locale" }).wrap(
    (handle, request) =>
      (...args: unknown[]) =>
        runWithLocale(carried.get(request) ?? negotiateLocale(request, defaultLocale), () =>
          (handle as (...a: unknown[]) => unknown)(...args),
        ),
  );
}
