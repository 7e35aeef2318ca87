import { Readable } from "node:stream";
import zlib from "node:zlib";

export type Encoding = "zstd" | "br" | "gzip";

/**
 * Files compressed once (build-time assets, answers kept in memory) and streamed pages: brotli
 * first, the smallest. Its cost does not matter when paid once, and streams keep to the two
 * encodings every browser has.
 */
export const ONCE = ["br", "gzip"] as const satisfies readonly Encoding[];

/**
 * Answers compressed on every request (API JSON): zstd first when the client accepts it (Chrome
 * and Firefox on Android do). Measured on a 14 KB feed page: brotli at quality 5 made 1,351 bytes
 * but cost about 250 µs of server CPU per answer (more than the rest of the request), zstd at
 * level 3 makes 1,536 bytes in about 20 µs, gzip 1,617 bytes in about 40 µs.
 */
const PER_REQUEST = ["zstd", "br", "gzip"] as const satisfies readonly Encoding[];

/** Content types worth compressing: text of every kind (HTML, JSON, JS, CSS, SVG, manifests). */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml|ld\+json)|image\/svg\+xml)/i;

/** Bodies this small gain nothing (the framing costs more than it saves). */
export const MIN_COMPRESS_BYTES = 512;

export function isCompressible(contentType: string | null): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType);
}

/**
 * Answers already worked out, per list of encodings offered, by Accept-Encoding. Browsers send
 * one of a handful of values, and parsing it took about 5% of the CPU of a cached answer. Bounded,
 * since a client may send anything.
 */
const picked = new WeakMap<readonly Encoding[], Map<string, Encoding | null>>();
const MAX_REMEMBERED = 64;

/** The first of `offered` the client accepts, else nothing (`q=0` refuses an encoding). */
export function pickEncoding<E extends Encoding>(
  acceptEncoding: string | null,
  offered: readonly E[],
): E | null {
  if (!acceptEncoding) return null;
  let known = picked.get(offered);
  if (!known) {
    known = new Map();
    picked.set(offered, known);
  }
  const remembered = known.get(acceptEncoding);
  if (remembered !== undefined) return remembered as E | null;
  const choice = parseAndPick(acceptEncoding, offered);
  if (known.size >= MAX_REMEMBERED) known.clear();
  known.set(acceptEncoding, choice);
  return choice;
}

function parseAndPick<E extends Encoding>(acceptEncoding: string, offered: readonly E[]): E | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  return offered.find(ok) ?? null;
}

/** The encoding an answer of `jsonLength` gets when compressed per request (null: sent as it is). */
export function perRequestEncoding(
  acceptEncoding: string | null | undefined,
  jsonLength: number,
): Encoding | null {
  return jsonLength >= MIN_COMPRESS_BYTES ? pickEncoding(acceptEncoding ?? null, PER_REQUEST) : null;
}

/**
 * Compresses a whole body at once. Brotli at quality 5 when brotli is asked for: close to the
 * best ratio for JSON and HTML at a fraction of quality 11's CPU (build-time files use 11).
 * A string (JSON) is passed as it is: the compressors read it directly, where a UTF-8 copy first
 * was one more buffer per answer left for the garbage collector (RSS under the polling mix).
 */
export function compressBytes(
  data: Uint8Array<ArrayBuffer> | string,
  encoding: Encoding,
): Uint8Array<ArrayBuffer> {
  if (encoding === "zstd") return Bun.zstdCompressSync(data, { level: 3 }) as Uint8Array<ArrayBuffer>;
  return encoding === "br"
    ? (zlib.brotliCompressSync(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }) as Uint8Array<ArrayBuffer>)
    : Bun.gzipSync(data, { level: 6 });
}

/**
 * Compresses a stream chunk by chunk, flushing after each one, so streamed server rendering still
 * reaches the browser as React writes it (the shell first, then suspended parts).
 */
export function compressStream(
  body: ReadableStream<Uint8Array>,
  encoding: (typeof ONCE)[number],
): ReadableStream {
  const compressor =
    encoding === "br"
      ? zlib.createBrotliCompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
        })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
  const source = Readable.fromWeb(body as unknown as import("node:stream/web").ReadableStream<Uint8Array>);
  return Readable.toWeb(source.pipe(compressor)) as unknown as ReadableStream;
}
