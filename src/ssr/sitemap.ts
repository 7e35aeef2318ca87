/**
 * The public pages search engines may list (robots.txt points here): the ones guests can open
 * and that render fully on the server. Club pages are reached from /clubs; listing every club
 * here would be a query per crawl for little gain.
 */
export const SITEMAP_PATHS = ["/", "/clubs", "/events"] as const;

/** sitemap.xml with absolute addresses on `baseUrl` (PUBLIC_URL, else the request's origin). */
export function renderSitemap(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${base}${path}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * robots.txt: crawlers may read everything but the API, admin and development pages. The
 * Sitemap line must be an absolute address (a relative one is ignored and costs SEO points), so
 * it is built from `baseUrl` like the sitemap itself.
 */
export function renderRobots(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin/",
    "Disallow: /dev/",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
