import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../test/harness";
import { negotiateLocale } from "../platform/locale/negotiate";
import type { ClientManifest } from "./assets";
import { renderPage } from "./render";

setDefaultTimeout(30_000);

/**
 * Every page preloads the build's web font (scripts/build/fonts.ts records it in the manifest),
 * so the browser fetches it beside the stylesheet rather than after parsing it; a build without
 * fonts sends no preload.
 */
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const assets = (fonts?: string[]): ClientManifest => ({
  entry: "/assets/entry-client-x.js",
  css: ["/assets/app-x.css"],
  preloads: [],
  messages: { es: "/assets/messages-es-x.js", en: "/assets/messages-en-x.js" },
  ...(fonts ? { fonts } : {}),
});

async function render(manifest: ClientManifest) {
  const request = new Request("http://localhost/", { headers: { "accept-language": "es" } });
  return renderPage({
    request,
    handleApi: (apiRequest) => t.app.handle(apiRequest),
    locale: negotiateLocale(request, "es"),
    assets: manifest,
  });
}

describe("page responses preload the web font", () => {
  test("a Link header names each font file as a CORS font preload", async () => {
    const page = await render(assets(["/assets/figtree-latin-wght-normal-0123456789.woff2"]));
    expect(page.status).toBe(200);
    expect(page.headers.get("link")).toBe(
      '</assets/figtree-latin-wght-normal-0123456789.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin',
    );
    expect(await page.text()).toContain('href="/assets/app-x.css"');
  });

  test("a build without web fonts preloads none", async () => {
    const page = await render(assets());
    expect(page.headers.get("link")).toBeNull();
  });
});
