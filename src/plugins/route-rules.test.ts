import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { z } from "zod";
import { setupTestApp, type TestApp } from "../../test/harness";
import { createLogger } from "../lib/logger";
import { MAX_UPLOAD_BYTES } from "../lib/upload-limits";
import { bodyRules, MAX_BODY_BYTES } from "./body-limits";
import { createErrorHandler } from "./error-handler";
import { createBodyGuard } from "./input-guard";

/**
 * Each route carries its own rules (rateLimit, bodyLimit, keepsNul; src/plugins/route-rules.ts).
 * These checks read the app's route list and fail when a route of a kind that needs a rule
 * lacks it, so a new route cannot forget one and a renamed one keeps its own.
 */
type Route = {
  method: string;
  path: string;
  hooks: { body?: unknown; response?: unknown; detail?: unknown };
};

function detailOf(route: Route): Record<string, unknown> {
  return (route.hooks.detail ?? {}) as Record<string, unknown>;
}

/** Whether a zod schema accepts a file anywhere inside it (objects, unions, optionals, pipes). */
function takesFile(schema: unknown, seen = new Set<unknown>()): boolean {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | null)?._zod?.def;
  if (!def || seen.has(schema)) return false;
  seen.add(schema);
  if (def.type === "file") return true;
  const children = Object.values(def).flatMap((value) =>
    Array.isArray(value) ? value : value && typeof value === "object" ? [value, ...Object.values(value)] : [],
  );
  return children.some((child) => takesFile(child, seen));
}

/** Routes that take an image but keep the default allowance, which has no room for one. */
function filesWithoutBodyLimit(routes: readonly Route[]): string[] {
  return routes
    .filter((r) => takesFile(r.hooks.body) && detailOf(r)["x-body-limit"] === undefined)
    .map((r) => `${r.method} ${r.path}`);
}

/** Whether the route answers 401: the auth macros add it beside the route's own responses. */
function documents401(route: Route): boolean {
  const own = route.hooks.response as Record<number, unknown> | undefined;
  const added = (route.hooks as { standaloneValidator?: { response?: Record<number, unknown> }[] })
    .standaloneValidator;
  return own?.[401] !== undefined || (added ?? []).some((v) => v.response?.[401] !== undefined);
}

/** Routes that create something (201) and declare no rate limit. */
function createsWithoutRateLimit(routes: readonly Route[]): string[] {
  return routes
    .filter((r) => {
      const response = r.hooks.response as Record<string, unknown> | undefined;
      return response?.[201] !== undefined && detailOf(r)["x-rate-limits"] === undefined;
    })
    .map((r) => `${r.method} ${r.path}`);
}

const ADDRESS_ONLY = new Set(["signups", "languageSwitches", "digestUnsubscribes"]);

let t: TestApp;
beforeAll(async () => {
  // Other apps built before in the same process, as the test suite does, each with its API
  // document: they must not leave their rules in this app's (route details are merged in place).
  for (let i = 0; i < 2; i++) {
    const other = await setupTestApp({}, { openapi: true });
    await other.request("GET", "/docs/json");
    await other.close();
  }
  t = await setupTestApp();
});
afterAll(() => t.close());

describe("every route declares the rules its kind needs", () => {
  test("a route that takes an image declares its body limit", () => {
    const routes = t.app.routes as unknown as Route[];
    expect(routes.filter((r) => takesFile(r.hooks.body)).length).toBeGreaterThanOrEqual(6);
    expect(filesWithoutBodyLimit(routes)).toEqual([]);
  });

  test("a route that creates something declares its rate limit", () => {
    const routes = t.app.routes as unknown as Route[];
    expect(routes.filter((r) => (r.hooks.response as Record<number, unknown>)?.[201]).length).toBeGreaterThan(
      8,
    );
    expect(createsWithoutRateLimit(routes)).toEqual([]);
  });

  test("the checks fire on a route that forgets its rule", () => {
    const careless = new Elysia()
      .use(bodyRules)
      .post("/upload", () => "", { body: z.object({ picture: z.union([z.file(), z.string()]).optional() }) })
      .post("/upload-ok", () => "", { bodyLimit: "image", body: z.object({ picture: z.file() }) })
      .post("/things", () => "", { response: { 201: z.string() } });
    const routes = careless.routes as unknown as Route[];
    expect(filesWithoutBodyLimit(routes)).toEqual(["POST /upload"]);
    expect(createsWithoutRateLimit(routes)).toEqual(["POST /things"]);
  });
});

describe("the rules are read from the routes themselves", () => {
  test("a route's bodyLimit widens its allowance, on a path with parameters too; others keep the defaults", async () => {
    // Multipart of 100 KB: over the default (64 KB), within an image route's allowance.
    const form = () => {
      const body = new FormData();
      body.set("content", "x".repeat(100 * 1024));
      return body;
    };
    const user = await t.createUser();
    const post = await t.request("POST", "/api/posts", { token: user.token, multipart: form() });
    expect(post.status).not.toBe(413);
    const edit = await t.request("PUT", "/api/posts/42", { token: user.token, multipart: form() });
    expect(edit.status).not.toBe(413);
    const comment = await t.request("POST", "/api/posts/42/comments", {
      token: user.token,
      multipart: form(),
    });
    expect(comment.status).toBe(413);
    expect(MAX_BODY_BYTES).toBe(2 * MAX_UPLOAD_BYTES + 128 * 1024);
  });

  test("the rules are macros on the route itself: a small app gets them from its options alone", async () => {
    const app = new Elysia()
      .use(createErrorHandler(createLogger("silent")))
      .use(createBodyGuard())
      .use(bodyRules)
      .post("/plain", ({ body }) => body)
      .post("/club/:id", ({ body }) => body, { bodyLimit: "club" })
      .post("/chat", ({ body }) => body, { keepsNul: true });
    const send = (path: string, body: unknown) =>
      app.handle(
        new Request(`http://localhost${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    const long = { text: "x".repeat(64 * 1024) };
    expect((await send("/plain", long)).status).toBe(413);
    expect((await send("/club/7", long)).status).toBe(200);
    expect((await send("/plain", { text: "a\u0000b" })).status).toBe(400);
    expect((await send("/chat", { text: "a\u0000b" })).status).toBe(200);
  });

  test("a route passes its docs constant as it is: no app built in the process writes into it", () => {
    const docs = { summary: "Send a message" };
    for (let i = 0; i < 3; i++) {
      const app = new Elysia({ detail: { tags: ["Chat"] } })
        .use(bodyRules)
        .post("/send", () => "", { bodyLimit: "image", keepsNul: true, detail: docs });
      expect((app.routes as unknown as Route[])[0]?.hooks.detail).toEqual({
        summary: "Send a message",
        tags: ["Chat"],
        "x-body-limit": "image",
        "x-keeps-nul": true,
      });
    }
    expect(docs).toEqual({ summary: "Send a message" });
  });

  test("the API document shows each route's rules", async () => {
    const doc = (await t.request("GET", "/docs/json")).body as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const send = doc.paths["/api/messages/club/{id}"]?.post;
    // A photo in a message counts as an upload too (issue 48).
    expect(send?.["x-rate-limits"]).toEqual(["messages", "uploads (when it applies)"]);
    expect(send?.["x-keeps-nul"]).toBe(true);
    const post = doc.paths["/api/posts"]?.post;
    expect(post?.["x-rate-limits"]).toEqual(["posts", "uploads (when it applies)"]);
    expect(post?.["x-body-limit"]).toBe("image");
    // No operation took another app's rules or tags (a shared `detail` object would collect one
    // copy per app this process built before).
    const repeated = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        ["x-rate-limits", "tags"].flatMap((key) => {
          const list = (operation[key] ?? []) as string[];
          return new Set(list).size === list.length ? [] : [`${method} ${path} ${key}: ${list.join(", ")}`];
        }),
      ),
    );
    expect(repeated).toEqual([]);
  });

  test("a route limited per account is a signed-in route", () => {
    const accountLimited = (t.app.routes as unknown as Route[]).filter((r) =>
      (detailOf(r)["x-rate-limits"] as string[] | undefined)?.some(
        (name) => !/counted by the service|^none/.test(name) && !ADDRESS_ONLY.has(name),
      ),
    );
    expect(accountLimited.length).toBeGreaterThan(15);
    // The auth macros (auth, role, currentToken) document their 401; a guest route has none.
    const guests = accountLimited.filter((r) => !documents401(r));
    expect(guests.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
