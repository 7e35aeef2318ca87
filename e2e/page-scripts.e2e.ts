import { clientManifest } from "./support/client-manifest";
import { expect, test } from "./support/fixtures";

/**
 * A public page loads only the JavaScript it runs: the entry, its language's catalogue and its own page's chunks, announced
 * up front with modulepreload (no import waterfall), never an admin or owner screen's chunk.
 */
for (const [path, route] of [
  ["/", "/"],
  ["/clubs", "/clubs"],
] as const) {
  test(`${path} modulepreloads its page's chunks and loads no other page's`, async ({ page, request }) => {
    const built = clientManifest();
    const html = await (await request.get(path)).text();
    const preloaded = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(preloaded.length).toBeGreaterThan(0);
    expect(new Set(preloaded)).toEqual(new Set([...built.preloads, ...built.routes[route]!]));

    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The entry, the page's language catalogue (its own <script>, English in these tests) and
    // the preloaded chunks: nothing else.
    const allowed = new Set([built.entry, built.messages.en, ...preloaded]);
    expect(scripts).toContain(built.messages.en);
    expect(scripts).not.toContain(built.messages.es);
    expect(scripts.filter((s) => !allowed.has(s))).toEqual([]);
    const ownerAndAdmin = ["/admin/dummies", "/admin/owner-requests", "/clubs/new", "/recruiting"].map(
      (p) => built.routes[p]![0],
    );
    for (const chunk of ownerAndAdmin) expect(scripts).not.toContain(chunk);
  });
}
