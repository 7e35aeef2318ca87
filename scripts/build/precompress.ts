/**
 * Compresses every text file of the build once, at the best settings (brotli quality 11, gzip
 * level 9), writing `name.br` and `name.gz` beside it; the server sends whichever the browser
 * accepts (src/ssr/static-files.ts) instead of compressing the same bytes on every request.
 */
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import zlib from "node:zlib";

const TEXT_FILE = /\.(js|css|svg|txt|webmanifest|html|json)$/;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number }> {
  let files = 0;
  let bytes = 0;
  let brBytes = 0;
  for (const path of await listFiles(dir)) {
    if (!TEXT_FILE.test(path)) continue;
    const data = new Uint8Array(await Bun.file(path).arrayBuffer());
    const br = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = Bun.gzipSync(data, { level: 9 });
    // A tiny file can grow when compressed: then only the original is served.
    if (br.length < data.length) await writeFile(`${path}.br`, br);
    if (gz.length < data.length) await writeFile(`${path}.gz`, gz);
    files += 1;
    bytes += data.length;
    brBytes += Math.min(br.length, data.length);
  }
  return { files, bytes, br: brBytes };
}
