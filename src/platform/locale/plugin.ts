import { Elysia } from "elysia";
import type { Locale } from "../../../common/messages";
import { negotiateLocale } from "./negotiate";
import { runWithLocale } from "./request-locale";

/**
 * Picks each request's language (negotiate.ts) into its store (request-locale.ts) and runs the whole request inside it.
 * `wrap` is the one Elysia hook around the entire request (every hook, handler, error handler
 * and the server rendering), so the store is scoped to that request; `onRequest` with
 * `enterWith` would leak the last request's language into whatever runs next in the caller.
 */
export function createLocale({ defaultLocale }: { defaultLocale: Locale }) {
  return new Elysia({ name: "locale" }).wrap(
    (handle, request) =>
      (...args: unknown[]) =>
        runWithLocale(negotiateLocale(request, defaultLocale), () =>
          (handle as (...a: unknown[]) => unknown)(...args),
        ),
  );
}
