import { expect, test } from "./support/fixtures";

/**
 * The installable app: icons, robots.txt, a linked web manifest, and a service worker that
 * registers from the app's own file, keeps the app shell, and shows the offline page in the
 * page's language when the network is gone. API answers never enter its cache.
 */
test.use({ serviceWorkers: "allow" });

test("favicon, robots.txt and manifest are real files, not the landing page", async ({ request }) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toContain("image/");
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain("User-agent: *");
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = await manifest.json();
  for (const icon of body.icons as { src: string }[]) {
    expect((await request.get(icon.src)).status()).toBe(200);
  }
});

test("the manifest is linked and the service worker registers, caches the shell and serves offline", async ({
  page,
  context,
}) => {
  await page.goto("/clubs");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.scope;
  });
  expect(new URL(scope).pathname).toBe("/");
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
    .toBe(true);

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached.some((path) => path.startsWith("/assets/entry-client-"))).toBe(true);
  expect(cached).toContain("/offline");
  expect(cached.some((path) => path.startsWith("/api/"))).toBe(false);

  await context.setOffline(true);
  await page.goto("/clubs/123456").catch(() => {});
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await context.setOffline(false);
});
