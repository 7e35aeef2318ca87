import { clientManifest } from "./support/client-manifest";
import { expect, test } from "./support/fixtures";

/**
 * A public page loads only the JavaScript it runs: the entry, its language's catalogue and its own page's chunks,
 * never an admin or owner screen's chunk. None of it is fetched before the page is on screen (issue 50: Lighthouse's
 * phone counted every early script against the first and largest paints): the HTML carries no module script and no
 * modulepreload, only the inline loader (src/ssr/script-loader.ts) and the page's chunk list, which the loader
 * modulepreloads together (no import waterfall) once the page has painted.
 */
for (const [path, route] of [
  ["/", "/"],
  ["/clubs", "/clubs"],
] as const) {
  test(`${path} modulepreloads its page's chunks after painting and loads no other page's`, async ({
    page,
    request,
  }) => {
    const built = clientManifest();
    const html = await (await request.get(path)).text();
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toContain('<script type="module"');
    const listed = /<script type="application\/json" data-page-chunks=""[^>]*>([^<]*)<\/script>/.exec(
      html,
    )?.[1];
    expect(new Set(JSON.parse(listed ?? "[]") as string[])).toEqual(new Set(built.routes[route]!));

    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const preloaded = await page.$$eval('link[rel="modulepreload"]', (links) =>
      links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    expect(new Set(preloaded)).toEqual(new Set([...built.preloads, ...built.routes[route]!]));
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
