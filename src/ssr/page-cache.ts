import type { RoutesById } from "./assets";

/**
 * Rendered public pages whose data only changes with the clubs table (the /clubs list: clubs and
 * their tags), kept per address, language and origin for a few seconds and dropped on every
 * replica as soon as a club changes (the change bus's `T` key, src/ssr/routes.ts).
 * The server always renders the guest view, so the HTML is the same for every visitor but for
 * the CSP nonce: an entry keeps the nonce it was rendered with, and each answer gets a fresh one
 * written in its place (a render of /clubs costs milliseconds of CPU, the copy microseconds).
 */
export type RenderedPage = { status: number; headers: [string, string][]; html: string; nonce: string };

/**
 * A kept page is its UTF-8 bytes cut where the nonce stood (29 places in /clubs). An answer is
 * then one allocation of the page's size with the pieces and the new nonce copied in, instead of
 * 30 substrings, a joined string and its UTF-8 copy: under load that churn of 40 KB blocks was
 * what left the process's memory high after a burst of page views.
 */
export type CachedPage = { status: number; headers: [string, string][]; parts: Uint8Array[]; size: number };

const utf8 = new TextEncoder();

function toCachedPage({ status, headers, html, nonce }: RenderedPage): CachedPage {
  const parts = html.split(nonce).map((part) => utf8.encode(part));
  return { status, headers, parts, size: parts.reduce((sum, part) => sum + part.length, 0) };
}

export function createPageCache({
  ttlMs = 10_000,
  maxEntries = 500,
}: {
  ttlMs?: number;
  maxEntries?: number;
} = {}) {
  const entries = new Map<string, CachedPage & { at: number }>();
  // Bumped by clear(): a page rendered while a change arrived may predate it and is not kept.
  let generation = 0;
  return {
    get(key: string): CachedPage | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (Date.now() - entry.at >= ttlMs) {
        entries.delete(key);
        return null;
      }
      return entry;
    },
    /** The generation to hand back to `set`: read it before rendering. */
    generation: () => generation,
    set(key: string, startedAt: number, page: RenderedPage) {
      if (startedAt !== generation) return;
      // Search and tag pages are many: the oldest entry makes room (Map keeps insertion order).
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { ...toCachedPage(page), at: Date.now() });
    },
    clear() {
      entries.clear();
      generation += 1;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The cached page's HTML (UTF-8) with `nonce` in place of the one it was rendered with. */
export function withNonce(page: CachedPage, nonce: string): Uint8Array<ArrayBuffer> {
  const inserted = utf8.encode(nonce);
  const bytes = new Uint8Array(page.size + inserted.length * (page.parts.length - 1));
  let at = 0;
  page.parts.forEach((part, index) => {
    if (index > 0) {
      bytes.set(inserted, at);
      at += inserted.length;
    }
    bytes.set(part, at);
    at += part.length;
  });
  return bytes;
}

/** The paths whose route says `staticData: { serverCache }` (client/routes): their HTML is cached. */
export function pageCachePaths(routes: RoutesById): Set<string> {
  return new Set(
    Object.values(routes)
      .filter((route) => route.options.staticData?.serverCache && route.fullPath)
      .map((route) => route.fullPath as string),
  );
}
