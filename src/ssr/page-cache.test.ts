import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createApi } from "../../client/lib/api";
import { createAppRouter } from "../../client/router";
import { setupTestApp, type TestApp } from "../../test/harness";
import type { RoutesById } from "./assets";
import { createPageCache, pageCachePaths } from "./page-cache";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  // The page cache is on in production only.
  t = await setupTestApp({ NODE_ENV: "production" });
  // The change feed drops every page once when its LISTEN starts (notices may have been missed
  // before): wait until a render is kept, i.e. two answers in a row are the same page.
  const startedAt = Date.now();
  let previous = "";
  while (Date.now() - startedAt < 10_000) {
    const { html, nonce } = await page("/clubs");
    const bare = withoutNonce(html, nonce);
    if (bare === previous) break;
    previous = bare;
    await Bun.sleep(50);
  }
});
afterAll(() => t.close());

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await t.app.handle(new Request(`http://localhost${path}`, { headers }));
  const html = await res.text();
  const policy = res.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? "";
  return { res, html, nonce };
}

const withoutNonce = (html: string, nonce: string) => html.split(nonce).join("NONCE");

describe("page cache (/clubs)", () => {
  test("the cached pages are the routes that ask for it (staticData.serverCache), only /clubs today", () => {
    const api = createApi({ fetcher: () => Promise.reject(new Error("unused")), getToken: () => null });
    const routes = createAppRouter({ api }).routesById as unknown as RoutesById;
    expect([...pageCachePaths(routes)]).toEqual(["/clubs"]);
  });

  test("a cached answer is the same page with a fresh nonce in the policy and in every inline script", async () => {
    const first = await page("/clubs");
    const second = await page("/clubs");
    expect(second.res.status).toBe(200);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).not.toContain(first.nonce);
    expect(withoutNonce(second.html, second.nonce)).toBe(withoutNonce(first.html, first.nonce));
    const inline = [...second.html.matchAll(/<script\b([^>]*)>/g)].filter((m) => !/\bsrc=/.test(m[1] ?? ""));
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(script[1]).toContain(`nonce="${second.nonce}"`);
    expect(second.res.headers.get("vary")).toBe(first.res.headers.get("vary"));
  });

  test("each language and each search has its own entry", async () => {
    const en = await page("/clubs", { "accept-language": "en" });
    const es = await page("/clubs", { cookie: "lang=es" });
    expect(es.html).toContain('lang="es"');
    expect(en.html).toContain('lang="en"');
    const searched = await page("/clubs?q=zzzz-no-such-club");
    expect(withoutNonce(searched.html, searched.nonce)).not.toBe(withoutNonce(en.html, en.nonce));
  });

  test("a change to the clubs shows on the next render (the change feed drops the pages)", async () => {
    await page("/clubs");
    await t.sql`insert into clubs (name, description, member_count) values ('Club Recién Creado', 'd', 100000)`;
    const changedAt = Date.now();
    let html = "";
    while (Date.now() - changedAt < 3000) {
      html = (await page("/clubs")).html;
      if (html.includes("Club Recién Creado")) break;
      await Bun.sleep(20);
    }
    expect(html).toContain("Club Recién Creado");
  });

  test("entries expire, a page rendered across a change is not kept, the oldest makes room", () => {
    const cache = createPageCache({ ttlMs: 50, maxEntries: 2 });
    const entry = { status: 200, headers: [], html: "<p>x</p>", nonce: "n" };
    const before = cache.generation();
    cache.clear();
    cache.set("a", before, entry);
    expect(cache.get("a")).toBeNull();
    cache.set("a", cache.generation(), entry);
    cache.set("b", cache.generation(), entry);
    cache.set("c", cache.generation(), entry);
    expect(cache.get("a")).toBeNull();
    expect(cache.get("c")).not.toBeNull();
  });
});
