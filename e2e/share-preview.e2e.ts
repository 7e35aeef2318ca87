import { expect, pngBlob, seed, test, uniqueName } from "./support/fixtures";

/**
 * A club link shared on WhatsApp or Facebook shows a preview: the server-rendered HTML (what
 * their crawlers read, no JavaScript) carries Open Graph and Twitter card tags with the club's
 * name, a short description and the cover as an absolute URL.
 */
test("a club page carries Open Graph and Twitter card tags with an absolute cover URL", async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await seed.user({ role: "owner" });
  const club = await seed.club(owner.token, {
    name: `Club de Ajedrez ${uniqueName("")}`,
    description: `Nos reunimos los sábados para jugar ajedrez. ${"Traé tu tablero y tus ganas de aprender. ".repeat(6)}`,
    image: pngBlob(),
  });
  const html = await (await request.get(`/clubs/${club.id}`)).text();
  const tag = (attr: string, key: string) =>
    new RegExp(`<meta[^>]*${attr}="${key}"[^>]*content="([^"]*)"`).exec(html)?.[1] ?? null;
  expect(tag("property", "og:title")).toBe(club.name);
  expect(tag("property", "og:url")).toBe(`${baseURL}/clubs/${club.id}`);
  const description = tag("property", "og:description")!;
  expect(description).toMatch(/^Nos reunimos los sábados/);
  expect(description.length).toBeLessThanOrEqual(200);
  expect(tag("property", "og:image")).toMatch(new RegExp(`^${baseURL}/uploads/[a-f0-9]{64}`));
  expect(tag("name", "twitter:card")).toBe("summary_large_image");
  expect(tag("name", "twitter:image")).toBe(tag("property", "og:image"));

  // The browser renders the same tags (no hydration mismatch; the fixture fails on one).
  await page.goto(`/clubs/${club.id}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", club.name);
  const image = await request.get(tag("property", "og:image")!);
  expect(image.status()).toBe(200);
});

test("the landing page and the club list have share tags too", async ({ request, baseURL }) => {
  for (const path of ["/", "/clubs"]) {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`property="og:url" content="${baseURL}${path}"`);
    expect(html).toMatch(/property="og:description" content="[^"]{20,}"/);
    expect(html).toContain('name="twitter:card"');
  }
});
