import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../test/harness";
import { negotiateLocale } from "../platform/locale/negotiate";
import type { ClientManifest } from "./assets";
import { renderPage } from "./render";

setDefaultTimeout(60_000);

/**
 * Issue 50: Lighthouse's phone (simulated slow 4G) counted the entry, fetched at high priority
 * beside the stylesheet, against the first paint, and a club page's ~40 modulepreloaded chunks
 * against its cover image (LCP 2.4-3.0 s). A page's HTML now fetches nothing but its stylesheet,
 * font and largest image before it is on screen: its scripts and chunks are started by the inline
 * loader (./script-loader.ts) after the cover has loaded and the next frame is painted.
 */
let t: TestApp;
let clubId: number;
const COVER = "a".repeat(64);
beforeAll(async () => {
  t = await setupTestApp();
  const owner = await t.createUser({ role: "owner" });
  await t.sql`insert into uploads (id, content_type, data, byte_size, width, height)
    values (${COVER}, 'image/png', ${Buffer.from([0])}, 1, 1120, 400)`;
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id, tags, region, image_id)
    values ('Club de Kayak Granada', 'Remamos', ${owner.id}, 'kayak', 'Granada', ${COVER}) returning id`;
  clubId = club!.id;
}, 120_000);
afterAll(() => t.close());

const CLUB_CHUNKS = Array.from({ length: 40 }, (_, i) => `/assets/chunk-club${i}.js`);
const manifest: ClientManifest = {
  entry: "/assets/entry-client-x.js",
  css: ["/assets/app-x.css"],
  preloads: ["/assets/chunk-shared.js"],
  routes: { "/clubs/$clubId": CLUB_CHUNKS, "/": ["/assets/chunk-landing.js"] },
  messages: { es: "/assets/load-es-x.js", en: "/assets/load-en-x.js" },
  messagesRest: { es: "/assets/load-es-rest-x.js", en: "/assets/load-en-rest-x.js" },
};

async function html(path: string) {
  const request = new Request(`http://localhost${path}`, { headers: { "accept-language": "es" } });
  const page = await renderPage({
    request,
    handleApi: (apiRequest) => t.app.handle(apiRequest),
    locale: negotiateLocale(request, "es"),
    assets: manifest,
  });
  expect(page.status).toBe(200);
  return page.text();
}

const head = (page: string) => page.slice(0, page.indexOf("</head>"));

describe("a public page's scripts wait for its first paint", () => {
  test("a club page's HTML names no script or chunk for the browser to fetch before painting", async () => {
    const page = await html(`/clubs/${clubId}`);
    expect(page).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(page).not.toContain('<script type="module"');
    // The loader starts the catalogue, then the entry, after the page's high-priority images.
    expect(page).toContain('["/assets/load-es-x.js","/assets/entry-client-x.js"]');
    expect(page).toContain('["/assets/chunk-shared.js"]');
    expect(page).toContain('img[fetchpriority=\\"high\\"]');
    // Its own chunks as data; not the rest of the catalogue: a guest's club page renders from
    // its loader alone (client/lib/full-app.ts).
    const listed = /<script type="application\/json" data-page-chunks=""[^>]*>([^<]*)<\/script>/.exec(page);
    expect(JSON.parse(listed?.[1] ?? "[]")).toEqual(CLUB_CHUNKS);
  });

  test("the club's cover is preloaded first in the head, at high priority, at the sizes it is drawn", async () => {
    const top = head(await html(`/clubs/${clubId}`));
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(top)?.[0] ?? "";
    expect(preload).toContain(
      `imageSrcSet="/uploads/${COVER}/400.webp 400w, /uploads/${COVER}/800.webp 800w"`,
    );
    expect(preload).toContain('imageSizes="(min-width: 1152px) 1120px, 100vw"');
    expect(preload).toContain('fetchPriority="high"');
    expect(top.indexOf(preload)).toBeLessThan(top.indexOf('rel="stylesheet"'));
  });

  test("the landing page lists only its own chunks, and no other page's", async () => {
    const page = await html("/");
    expect(page).not.toMatch(/<link[^>]*rel="modulepreload"/);
    const listed = /<script type="application\/json" data-page-chunks=""[^>]*>([^<]*)<\/script>/.exec(page);
    expect(JSON.parse(listed?.[1] ?? "[]")).toEqual(["/assets/chunk-landing.js"]);
  });
});
