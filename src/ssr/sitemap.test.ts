import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../test/harness";
import { renderRobots } from "./sitemap";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
}, 60_000);
afterAll(() => t.close());

test("sitemap.xml lists the public pages, /events included, as absolute addresses", async () => {
  const res = await t.app.handle(new Request("http://localhost/sitemap.xml"));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/xml");
  const body = await res.text();
  const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(locs).toEqual(["/", "/clubs", "/events"]);
});

test("/events renders on the server with its filters as a GET form", async () => {
  const res = await t.app.handle(
    new Request("http://localhost/events?when=weekend", { headers: { "accept-language": "es" } }),
  );
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain("Próximos eventos");
  expect(html).toMatch(/<form[^>]*action="\/events"[^>]*method="get"/);
  expect(html).toContain('name="when" value="weekend"');
});

test("robots.txt names the sitemap with an absolute address on the request's host", async () => {
  const res = await t.app.handle(new Request("http://localhost/robots.txt"));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  const body = await res.text();
  expect(body).toContain("Disallow: /api/");
  expect(body).toMatch(/^Sitemap: http:\/\/localhost\/sitemap\.xml$/m);
});

test("robots.txt uses PUBLIC_URL when one is configured", () => {
  expect(renderRobots("https://clubnica.school.ni/")).toContain(
    "Sitemap: https://clubnica.school.ni/sitemap.xml\n",
  );
});
