import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { openapi: true });
});
afterAll(() => t.close());

const get = (path: string) => t.app.handle(new Request(`http://localhost${path}`));

describe("/docs", () => {
  test("the viewer's files come from this origin and the page runs no inline script", async () => {
    const res = await get("/docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    const sources = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toContain("/docs/assets/swagger-ui-bundle.js");
    expect(sources).toContain("/docs/assets/swagger-ui.css");
    for (const source of sources) expect(source).toStartWith("/");

    const policy = res.headers.get("content-security-policy") ?? "";
    expect(html).not.toMatch(/<script>/);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/script-src[^;]*(unsafe-inline|https?:)/);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  test("serves the viewer's script and stylesheet, and nothing else from its folder", async () => {
    const script = await get("/docs/assets/swagger-ui-bundle.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect((await script.text()).length).toBeGreaterThan(100_000);
    const css = await get("/docs/assets/swagger-ui.css");
    expect(css.headers.get("content-type")).toContain("text/css");
    const start = await (await get("/docs/assets/start.js")).text();
    expect(start).toContain('"url":"/docs/json"');
    const other = await get("/docs/assets/package.json");
    expect(other.status).toBe(404);
    expect(((await other.json()) as { detail?: string }).detail).toBeTruthy();
  });
});
