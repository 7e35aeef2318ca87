/**
 * Open Graph and Twitter card tags for a public page, so a link shared on WhatsApp or Facebook
 * shows a preview. Every URL is absolute, built from the site's public address (PUBLIC_URL on
 * the server, handed to the browser with the router's dehydrated state).
 */
export type Site = { origin: string };

const MAX_DESCRIPTION = 200;

function absoluteUrl(site: Site, path: string): string {
  return new URL(path, site.origin.endsWith("/") ? site.origin : `${site.origin}/`).toString();
}

/** One line, at most 200 characters, cut at a word. */
function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= MAX_DESCRIPTION) return flat;
  const cut = flat.slice(0, MAX_DESCRIPTION - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 120)).trimEnd()}…`;
}

export function shareMeta({
  site,
  title,
  description,
  path,
  image,
  siteName,
}: {
  site: Site;
  title: string;
  description: string;
  path: string;
  image?: string | null;
  siteName: string;
}) {
  const text = shortDescription(description);
  const url = absoluteUrl(site, path);
  const meta: Record<string, string>[] = [
    { name: "description", content: text },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: text },
  ];
  if (image) {
    const imageUrl = absoluteUrl(site, image);
    meta.push({ property: "og:image", content: imageUrl }, { name: "twitter:image", content: imageUrl });
  }
  return { meta, links: [{ rel: "canonical", href: url }] };
}
