import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import zlib from "node:zlib";
import { precompressDir } from "../../scripts/build/precompress";
import { serveBuiltFile } from "./static-files";

let dir: string;
const script = `export const clubs = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `club ${i}`))};`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "clubnica-static-"));
  writeFileSync(join(dir, "entry-abc123.js"), script);
  writeFileSync(join(dir, "photo.png"), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  await precompressDir(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const serve = (path: string, acceptEncoding?: string) =>
  serveBuiltFile({
    dir,
    path,
    request: new Request("http://localhost/x", {
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    }),
    cacheControl: "public, max-age=31536000, immutable",
  });

describe("built files", () => {
  test("the build writes .br and .gz beside each text file, not beside images", async () => {
    expect(await Bun.file(join(dir, "entry-abc123.js.br")).exists()).toBe(true);
    expect(await Bun.file(join(dir, "entry-abc123.js.gz")).exists()).toBe(true);
    expect(await Bun.file(join(dir, "photo.png.br")).exists()).toBe(false);
  });

  test("brotli is sent when accepted, with Content-Encoding, Vary and the original type", async () => {
    const res = serve("entry-abc123.js", "gzip, br")!;
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  test("gzip next, the plain file when neither is accepted", async () => {
    const gz = serve("entry-abc123.js", "gzip")!;
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(Buffer.from(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer()))).toString()).toBe(script);
    const plain = serve("entry-abc123.js")!;
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(script);
  });

  test("missing files and paths leaving the folder are not served", () => {
    expect(serve("nope.js", "br")).toBeNull();
    expect(serve("../../etc/passwd", "br")).toBeNull();
  });
});
