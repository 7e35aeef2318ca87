import { existsSync, statSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import { ONCE, pickEncoding } from "../lib/content-encoding";

const ENCODED_SUFFIX = { br: ".br", gzip: ".gz" } as const;

/**
 * Answers one built file: the precompressed `.br`/`.gz` sibling when the browser accepts it
 * (scripts/build/precompress.ts made them), else the file itself. Always `Vary: Accept-Encoding`
 * for text, since the bytes depend on it; without variants (development builds) the compression
 * plugin compresses per request. Null when there is no such file (or the path leaves
 * `dir`).
 */
export function serveBuiltFile({
  dir,
  path,
  request,
  cacheControl,
}: {
  dir: string;
  path: string;
  request: Request;
  cacheControl: string;
}): Response | null {
  const full = normalize(join(dir, path));
  if (!full.startsWith(dir + sep) || !existsSync(full) || !statSync(full).isFile()) return null;
  const original = Bun.file(full);
  const headers = new Headers({ "cache-control": cacheControl, "content-type": original.type });
  const encoding = pickEncoding(request.headers.get("accept-encoding"), ONCE);
  const hasVariants = existsSync(`${full}.br`) || existsSync(`${full}.gz`);
  if (hasVariants) headers.set("vary", "Accept-Encoding");
  if (encoding) {
    const variant = `${full}${ENCODED_SUFFIX[encoding]}`;
    if (existsSync(variant)) {
      headers.set("content-encoding", encoding);
      return new Response(Bun.file(variant), { headers });
    }
  }
  return new Response(original, { headers });
}
