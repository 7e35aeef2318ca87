import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { Elysia } from "elysia";
import { z } from "zod";

/**
 * The plugins every request goes through, as src/app.ts uses them. Elysia compiles each route's
 * handler from what its hooks read, by looking at their source: these guard two costs it adds to
 * every request without any error or wrong answer to show for it. Both are checked by behaviour,
 * through Elysia's public API, on the sources and on the same plugins bundled as the server is
 * (whitespace minified, scripts/build-server.ts), where a hook's source reads differently.
 */
type Factories = typeof import("./request-hooks.fixtures") &
  Pick<typeof import("../features/auth"), "earlyFormPosts">;

function pluginsOf(f: Factories) {
  const logger = f.createLogger("silent");
  return {
    locale: f.createLocale({ defaultLocale: "es" }),
    "request-log": f.createRequestLog(logger),
    "request-metrics": f.createRequestMetrics(),
    "security-headers": f.createSecurityHeaders({ https: true }),
    drain: f.createDrain({ accepting: true }),
    "early-form-posts": f.earlyFormPosts(),
    "error-handler": f.createErrorHandler(logger),
    "input-guard": f.createInputGuard(),
    "body-guard": f.createBodyGuard(),
    compression: f.createCompression(),
  };
}

/**
 * A route handler that reads no part of its context by name, so Elysia prepares only what the
 * plugin's hooks ask for; it reports which parts were prepared.
 */
function preparedParts() {
  // biome-ignore lint/complexity/noArguments: naming the context would make Elysia prepare it all.
  const context = arguments[0] as Record<string, unknown>;
  return ["cookie", "query", "headers"].filter((part) => context[part] !== undefined);
}

const bundleDir = resolve(import.meta.dir, "../../node_modules/.cache", `request-hooks-${process.pid}`);
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

/** The plugins bundled as scripts/build-server.ts bundles the server, in a folder whose imports resolve. */
async function bundled(): Promise<Factories> {
  mkdirSync(bundleDir, { recursive: true });
  const built = await Bun.build({
    entrypoints: [
      join(import.meta.dir, "request-hooks.fixtures.ts"),
      // The one auth module among the plugins, bundled alone (auth's index.ts would bring the
      // whole feature along).
      join(import.meta.dir, "../features/auth/early-form-posts.ts"),
    ],
    outdir: bundleDir,
    target: "bun",
    packages: "external",
    minify: { whitespace: true, syntax: true, identifiers: false },
  });
  expect(built.success).toBe(true);
  // The bundle's locale module sets zod's message hook when loaded, and zod keeps it process-wide:
  // put the app's back, or the tests after this one would get zod's messages in its language.
  const zodSettings = { ...z.config() };
  const modules = await Promise.all(built.outputs.map((output) => import(output.path)));
  z.config(zodSettings);
  return Object.assign({}, ...modules) as Factories;
}

const sources = async (): Promise<Factories> => ({
  ...(await import("./request-hooks.fixtures")),
  earlyFormPosts: (await import("../features/auth")).earlyFormPosts,
});

describe.each([
  ["sources", sources],
  ["bundled", bundled],
])("the hooks every request runs (%s)", (_, load) => {
  test("make no route parse cookies, query or headers it does not read", async () => {
    // A hook that hands its whole context to a function makes Elysia assume it reads
    // everything: the cookie jar, the parsed query and a headers object for every request.
    for (const [name, plugin] of Object.entries(pluginsOf(await load()))) {
      const app = new Elysia().use(plugin).get("/", preparedParts as () => string[]);
      const res = await app.handle(new Request("http://localhost/?q=1", { headers: { cookie: "a=1" } }));
      expect({ name, read: await res.json() }).toEqual({ name, read: [] });
    }
  });

  test("request and transform hooks are synchronous as Elysia judges them", async () => {
    // Elysia awaits a hook it judges asynchronous (an async function, or one whose source looks
    // like it returns a call), and one awaited request hook makes every request's handler
    // async, GETs included. A synchronous app answers fetch() with a Response, not a promise.
    // Not here: the body guard's parse hook and compression's mapResponse, asynchronous by
    // nature, which only the routes' own handlers await.
    const plugins = pluginsOf(await load());
    let checked = 0;
    for (const [name, plugin] of Object.entries(plugins)) {
      if (name === "body-guard" || name === "compression") continue;
      const app = new Elysia().use(plugin).get("/", () => "ok");
      const answer = app.fetch(new Request("http://localhost/"));
      expect({ name, sync: answer instanceof Response }).toEqual({ name, sync: true });
      checked += 1;
    }
    expect(checked).toBe(8);
  });
});

test("the check sees an asynchronous request hook", () => {
  const app = new Elysia().onRequest(async function later() {}).get("/", () => "ok");
  expect(app.fetch(new Request("http://localhost/"))).toBeInstanceOf(Promise);
});
