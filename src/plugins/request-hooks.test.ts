import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { createLogger } from "../lib/logger";
import { createLocale } from "../platform/locale/plugin";
import { createBodyRuleTable } from "./body-limits";
import { createCompression } from "./compression";
import { createDrain } from "./drain";
import { createErrorHandler } from "./error-handler";
import { createBodyGuard, createInputGuard } from "./input-guard";
import { createRequestLog } from "./request-log";
import { createRequestMetrics } from "./request-metrics";
import { createSecurityHeaders } from "./security-headers";
import { syncHook } from "./sync-hook";

/**
 * The plugins every request goes through, as src/app.ts uses them. Elysia compiles each route's
 * handler from what its hooks read, by looking at their source: these guard two costs it adds to
 * every request without any error or wrong answer to show for it.
 */
const logger = createLogger("silent");
const plugins = {
  "body-guard": createBodyGuard(createBodyRuleTable()),
  locale: createLocale({ defaultLocale: "es" }),
  "request-log": createRequestLog(logger),
  "request-metrics": createRequestMetrics(),
  "security-headers": createSecurityHeaders({ https: true }),
  drain: createDrain({ accepting: true }),
  "error-handler": createErrorHandler(logger),
  "input-guard": createInputGuard(createBodyRuleTable()),
  compression: createCompression(),
};

type Inference = Record<string, boolean>;
type Hook = { fn: (...args: unknown[]) => unknown; isAsync?: boolean };

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

  test("request, transform and after-response hooks are synchronous as Elysia judges them, bundled too", () => {
    // Elysia 1.4 awaits a hook that is async or whose source matches this (compose.ts isAsync),
    // unless its container says isAsync: false (src/plugins/sync-hook.ts). One awaited request
    // hook makes every request's handler async, GETs included. The server bundle minifies
    // whitespace, and `=> {\n  set(` becomes `=>{set(`, which matches: judge that source too.
    const looksAsync = /(?:return|=>)\s?\S+\(|a(?:sync|wait)/;
    const minify = new Bun.Transpiler({ loader: "js", minifyWhitespace: true });
    const judged = (hook: Hook, source: string) =>
      hook.isAsync ?? (hook.fn.constructor.name === "AsyncFunction" || looksAsync.test(source));
    let checked = 0;
    for (const [name, plugin] of Object.entries(plugins)) {
      const event = (plugin as unknown as { event: Record<string, Hook[] | undefined> }).event;
      for (const kind of ["request", "transform", "afterResponse"]) {
        for (const hook of event[kind] ?? []) {
          const source = hook.fn.toString();
          const bundled = minify.transformSync(`export default (${source});`);
          const async = judged(hook, source) || judged(hook, bundled);
          expect({ name, kind, async }).toEqual({ name, kind, async: false });
          checked += 1;
        }
      }
    }
    // request-log, request-metrics, drain and input-guard: four request hooks, two after-response
    // hooks and one transform.
    expect(checked).toBeGreaterThanOrEqual(7);
  });

  test("a hook marked synchronous is called, not awaited; an unmarked one that looks async is awaited", async () => {
    // What syncHook relies on: were Elysia to stop reading the container's isAsync, the marked
    // hook's promise would be awaited and this would fail.
    const run = async (hook: (ctx: { store: { done: boolean } }) => unknown) => {
      const app = new Elysia()
        .state("done", false)
        .onRequest(hook)
        .get("/", ({ store }) => String(store.done));
      return await (await app.handle(new Request("http://localhost/"))).text();
    };
    const later = (ctx: { store: { done: boolean } }) =>
      Bun.sleep(5).then(() => {
        ctx.store.done = true;
      });
    // @ts-expect-error syncHook's type refuses a hook that returns a promise; here that is the point.
    expect(await run(syncHook(later))).toBe("false");
    expect(await run(later)).toBe("true");
  });
});
