import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
/** Whether the route declares `keepsNul` (shown on its operation as `x-keeps-nul`). */
const cleansNul = (method: string, route: string) =>
  t.app.routes.some(
    (r) =>
      r.method === method &&
      r.path === route &&
      (r.hooks.detail as Record<string, unknown> | undefined)?.["x-keeps-nul"] === true,
  );
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t.close();
});

function raw(method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) {
  return t.app.handle(new Request(`http://localhost${path}`, { method, ...init }));
}

/** Every API route the app registers (not the SSR pages, the docs or the catch-all). */
function apiRoutes() {
  return t.app.routes
    .filter(
      (r) => r.method !== "WS" && r.method !== "ALL" && !r.path.includes("*") && !r.path.startsWith("/docs"),
    )
    .map((r) => ({ method: r.method, route: r.path, path: r.path.replace(/:(\w+)/g, "1") }));
}

describe("hostile bodies are refused before any work", () => {
  test("200 KB of nested JSON on POST /signup: 400 with detail", async () => {
    const deep = `{"username":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const res = await raw("POST", "/signup", { headers: { "content-type": "application/json" }, body: deep });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toBe("The JSON body is nested too deeply: at most 8 levels.");
  });

  test("a JSON body over the route's limit is 413, by Content-Length or while streaming", async () => {
    const big = JSON.stringify({ username: "x".repeat(40_000) });
    const res = await raw("POST", "/signup", { headers: { "content-type": "application/json" }, body: big });
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toBe(
      "The request body is too large: this request accepts at most 32 KB.",
    );
    // No Content-Length: the body arrives in chunks and reading stops past the limit.
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16_384;
        controller.enqueue(new TextEncoder().encode(" ".repeat(16_384)));
        if (sent > 10_000_000) controller.close();
      },
    });
    const chunked = await raw("POST", "/signup", {
      headers: { "content-type": "application/json" },
      body: stream,
    });
    expect(chunked.status).toBe(413);
    expect(sent).toBeLessThan(1_000_000);
  });

  test("a refused body is answered in the request's language, with the security headers", async () => {
    const big = JSON.stringify({ username: "x".repeat(40_000) });
    const res = await raw("POST", "/signup", {
      headers: { "content-type": "application/json", "accept-language": "es-NI,es;q=0.9" },
      body: big,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toBe(
      "El cuerpo de la solicitud es demasiado grande: esta solicitud acepta como máximo 32 KB.",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a form login over 4 KB is 413; multipart without an image slot is capped at 64 KB", async () => {
    const login = await t.request("POST", "/login", { form: { username: "a", password: "x".repeat(5000) } });
    expect(login.status).toBe(413);
    const form = new FormData();
    form.set("content", "x".repeat(70_000));
    const user = await t.createUser();
    const res = await t.request("POST", "/api/posts/1/comments", { token: user.token, multipart: form });
    expect(res.status).toBe(413);
    expect(typeof res.body.detail).toBe("string");
  });

  test("bodies that are not UTF-8 or not JSON are 400 with detail", async () => {
    const bad = await raw("POST", "/signup", {
      headers: { "content-type": "application/json" },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toBe("The request is not valid UTF-8 in its body.");
    const notJson = await raw("POST", "/signup", {
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(notJson.status).toBe(400);
  });

  test("normal bodies still work: JSON signup, form login", async () => {
    const user = await t.createUser();
    expect(user.token).toBeString();
  });
});

describe("NUL and invalid characters are 4xx on every endpoint", () => {
  test("the reported cases: form login, club search, password reset", async () => {
    const login = await t.request("POST", "/login", {
      form: { username: "a\u0000b", password: "whatever1" },
    });
    expect(login.status).toBe(400);
    expect(login.body.detail).toBe(
      "The request contains a character that is not allowed (such as NUL) in its body.",
    );
    const search = await t.request("GET", "/api/clubs?q=%00");
    expect(search.status).toBe(400);
    const reset = await t.request("POST", "/auth/password-reset/confirm", {
      json: { identifier: "a\u0000", code: "123456", new_password: "long-enough-1" },
    });
    expect(reset.status).toBe(400);
    const utf8 = await t.request("GET", "/api/clubs?q=%E0%A4");
    expect(utf8.status).toBe(400);
    expect(utf8.body.detail).toBe("The request is not valid UTF-8 in its address or query string.");
  });

  test("every route: NUL in the query, in a path parameter, in a JSON, form or multipart body", async () => {
    const user = await t.createUser({ role: "admin" });
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const { method, route, path } of routes) {
      const check = (what: string, status: number, expected: (s: number) => boolean) => {
        if (!expected(status)) failures.push(`${method} ${route} (${what}): ${status}`);
      };
      const query = await t.request(method, `${path}?q=a%00b`, { token: user.token });
      check("query", query.status, (s) => s === 400);
      if (route.includes(":")) {
        const param = await t.request(method, route.replace(/:(\w+)/g, "%00"), { token: user.token });
        check("path", param.status, (s) => s === 400);
      }
      if (method === "GET" || method === "HEAD") continue;
      const nulRefused = (s: number) => (cleansNul(method, route) ? s >= 200 && s < 500 : s === 400);
      const json = await t.request(method, path, {
        token: user.token,
        json: { content: "a\u0000b", x: "\u0000" },
      });
      check("json", json.status, nulRefused);
      const form = await t.request(method, path, { token: user.token, form: { content: "a\u0000b" } });
      check("form", form.status, (s) => s === 400 || (cleansNul(method, route) && s < 500));
      const multipart = new FormData();
      multipart.set("content", "a\u0000b");
      const mp = await t.request(method, path, { token: user.token, multipart });
      check("multipart", mp.status, (s) => s === 400 || (cleansNul(method, route) && s < 500));
    }
    expect(failures).toEqual([]);
  });
});
