import { expect, hydrated, test } from "./support/fixtures";

test("the landing page renders on the server and hydrates", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-type"]).toContain("text/html");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "ClubNica" })).toHaveAttribute("href", "/");
  await hydrated(page);
});

test("built assets are served with hashed names and a year-long immutable cache", async ({
  page,
  request,
}) => {
  const html = await (await page.goto("/"))!.text();
  // The page's language catalogue, then the app, started in that order by the page's inline
  // loader once the page is on screen (src/ssr/script-loader.ts).
  const src = /"(\/assets\/entry-client-[a-z0-9]+\.js)"/.exec(html)?.[1];
  expect(src).toMatch(/^\/assets\/entry-client-[a-z0-9]+\.js$/);
  expect(html).toMatch(/\["\/assets\/load-en-[a-z0-9]+\.js","\/assets\/entry-client-[a-z0-9]+\.js"\]/);
  expect(html).not.toContain('<script type="module" src=');
  expect(html).not.toContain("/assets/load-es-");
  const response = await request.get(src!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const code = await response.text();
  expect(code).not.toContain("react-dom.development");
  const css = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  expect(css).toMatch(/^\/assets\/app-[a-z0-9]+\.css$/);
});
