import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { createLogger } from "../lib/logger";
import { createCompression } from "./compression";
import { createDrain } from "./drain";
import { createErrorHandler } from "./error-handler";
import { createBodyGuard, createInputGuard } from "./input-guard";
import { createLocale } from "./locale";
import { createRequestLog } from "./request-log";
import { createRequestMetrics } from "./request-metrics";
import { createSecurityHeaders } from "./security-headers";

/**
 * The plugins every request goes through, as src/app.ts uses them. Elysia compiles each route's
 * handler from what its hooks read, by looking at their source: these guard two costs it adds to
 * every request without any error or wrong answer to show for it.
 */
const logger = createLogger("silent");
const plugins = {
  "body-guard": createBodyGuard(),
  locale: createLocale({ defaultLocale: "es" }),
  "request-log": createRequestLog(logger),
  "request-metrics": createRequestMetrics(),
  "security-headers": createSecurityHeaders({ https: true }),
  drain: createDrain({ accepting: true }),
  "error-handler": createErrorHandler(logger),
  "input-guard": createInputGuard(),
  compression: createCompression(),
};

type Inference = Record<string, boolean>;
type Hook = { fn: (...args: unknown[]) => unknown };

describe("the hooks every request runs", () => {
  test("make no route parse cookies, query or headers it does not read", () => {
    for (const [name, plugin] of Object.entries(plugins)) {
      // A hook that hands its whole context to a function makes Elysia assume it reads
      // everything: the cookie jar, the parsed query and a headers object for every request.
      const inference = (new Elysia().use(plugin) as unknown as { inference: Inference }).inference;
      const read = ["cookie", "query", "headers"].filter((part) => inference[part]);
      expect({ name, read }).toEqual({ name, read: [] });
    }
  });

  test("request hooks are synchronous, as Elysia judges them", () => {
    // Elysia 1.4 awaits a hook that is async or whose source matches this (compose.ts isAsync);
    // one such request hook costs every request about 4 µs of CPU, GETs included.
    const looksAsync = /(?:return|=>)\s?\S+\(|a(?:sync|wait)/;
    let checked = 0;
    for (const [name, plugin] of Object.entries(plugins)) {
      const hooks = (plugin as unknown as { event: { request?: Hook[] } }).event.request ?? [];
      for (const hook of hooks) {
        const source = hook.fn.toString();
        const async = hook.fn.constructor.name === "AsyncFunction" || looksAsync.test(source);
        expect({ name, async }).toEqual({ name, async: false });
        checked += 1;
      }
    }
    // request-log, request-metrics, drain and input-guard each have one.
    expect(checked).toBeGreaterThanOrEqual(4);
  });
});
