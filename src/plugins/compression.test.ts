import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import zlib from "node:zlib";
import { Elysia } from "elysia";
import { createQuickUser } from "../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../test/harness";
import { createClubAs } from "../features/clubs/club.fixtures";
import { ONCE, pickEncoding } from "../lib/content-encoding";

/** content-encoding.ts's order for answers compressed on every request. */
const PER_REQUEST = ["zstd", "br", "gzip"] as const;

import { createCompression } from "./compression";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  const owner = await createQuickUser(t, { role: "owner" });
  // Enough clubs that the list is well over the compression threshold.
  for (let i = 0; i < 12; i++) {
    await createClubAs(t, owner, {
      name: `Club de lectura ${i}`,
      description: "Leemos novelas nicaragüenses y poesía de Rubén Darío cada sábado.",
    });
  }
});
afterAll(() => t.close());

const get = (path: string, acceptEncoding?: string) =>
  t.app.handle(
    new Request(`http://localhost${path}`, {
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    }),
  );

describe("compression", () => {
  test("compressed once: brotli is preferred, gzip next, q=0 refuses", () => {
    expect(pickEncoding("gzip, deflate, br, zstd", ONCE)).toBe("br");
    expect(pickEncoding("gzip, deflate", ONCE)).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip", ONCE)).toBe("gzip");
    expect(pickEncoding("zstd", ONCE)).toBeNull();
    expect(pickEncoding("identity", ONCE)).toBeNull();
    expect(pickEncoding(null, ONCE)).toBeNull();
  });

  test("compressed per request: zstd is preferred, then brotli, then gzip", () => {
    expect(pickEncoding("gzip, deflate, br, zstd", PER_REQUEST)).toBe("zstd");
    expect(pickEncoding("gzip, deflate, br", PER_REQUEST)).toBe("br");
    expect(pickEncoding("zstd;q=0, gzip", PER_REQUEST)).toBe("gzip");
    expect(pickEncoding("identity", PER_REQUEST)).toBeNull();
  });

  test("a remembered choice stays per list offered, and many distinct headers are still answered right", () => {
    for (let round = 0; round < 2; round++) {
      expect(pickEncoding("gzip, deflate, br, zstd", ONCE)).toBe("br");
      expect(pickEncoding("gzip, deflate, br, zstd", PER_REQUEST)).toBe("zstd");
    }
    for (let i = 0; i < 200; i++) {
      const [refused, other] = i % 2 === 0 ? (["zstd", "br"] as const) : (["br", "zstd"] as const);
      expect(pickEncoding(`${refused};q=0, gzip;q=0.${(i % 9) + 1}, ${other}, x-${i}`, PER_REQUEST)).toBe(
        other,
      );
      expect(pickEncoding(`${refused};q=0, x-${i}`, PER_REQUEST)).toBeNull();
    }
  });

  test("JSON is sent with zstd to a browser that accepts it, and decodes to the same body", async () => {
    const plain = await (await get("/api/clubs")).text();
    const res = await get("/api/clubs", "gzip, deflate, br, zstd");
    expect(res.headers.get("content-encoding")).toBe("zstd");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(plain.length / 2);
    expect(Buffer.from(Bun.zstdDecompressSync(bytes)).toString()).toBe(plain);
  });

  test("an answer kept in memory is compressed once, so the smallest encoding (brotli) is sent", async () => {
    const plain = await (await get("/public/top-clubs")).text();
    const res = await get("/public/top-clubs", "gzip, deflate, br, zstd");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(plain);
  });

  test("a streamed page is never sent with zstd (brotli or gzip, flushed chunk by chunk)", async () => {
    const res = await get("/clubs", "zstd, br");
    expect(res.headers.get("content-encoding")).toBe("br");
    const only = await get("/clubs", "zstd");
    expect(only.headers.get("content-encoding")).toBeNull();
    expect(await only.text()).toContain("Club de lectura 11");
  });

  test("JSON is sent with brotli when accepted, with Vary, and decodes to the same body", async () => {
    const plain = await get("/api/clubs");
    const plainText = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    expect(plainText.length).toBeGreaterThan(1000);

    const br = await get("/api/clubs", "gzip, deflate, br");
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(br.headers.get("content-type")).toContain("application/json");
    expect(br.headers.get("x-total-count")).toBe(plain.headers.get("x-total-count"));
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(bytes.length).toBeLessThan(plainText.length / 2);
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(plainText);
  });

  test("gzip when brotli is not accepted", async () => {
    const res = await get("/api/clubs", "gzip");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const text = Buffer.from(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer()))).toString();
    expect(JSON.parse(text)).toBeArray();
  });

  test("a streamed server-rendered page is compressed and decodes to whole HTML", async () => {
    const res = await get("/clubs", "br");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    const html = zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(html).toStartWith("<!DOCTYPE html>");
    expect(html).toContain("Club de lectura 11");
    expect(html).toEndWith("</html>");
  });

  test("a tiny answer is left alone; security headers survive", async () => {
    const res = await get("/healthz", "br");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.json()).toBeDefined();
  });

  test("a JSON answer keeps every header set on the way, and its one Set-Cookie, compressed or not", async () => {
    const user = await createQuickUser(t);
    for (const encoding of [undefined, "br"]) {
      const res = await t.app.handle(
        new Request("http://localhost/api/users/me/locale", {
          method: "PUT",
          headers: {
            authorization: `Bearer ${user.token}`,
            "content-type": "application/json",
            "x-request-id": "compression-test",
            ...(encoding ? { "accept-encoding": encoding } : {}),
          },
          body: JSON.stringify({ locale: "es" }),
        }),
      );
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toHaveLength(1);
      expect(res.headers.getSetCookie()[0]).toStartWith("lang=es");
      expect(res.headers.get("x-request-id")).toBe("compression-test");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ locale: "es" });
    }
  });

  test("an answer a handler already encoded is handed on without opening its body as a stream", async () => {
    // Reading `.body` makes the runtime build a ReadableStream for the answer; a remembered feed
    // page (already compressed) went through that on every poll just to learn it had a body.
    let bodyReads = 0;
    class WatchedResponse extends Response {
      override get body() {
        bodyReads++;
        return super.body;
      }
    }
    const bytes = zlib.brotliCompressSync(JSON.stringify({ posts: [] }));
    const app = new Elysia().use(createCompression()).get(
      "/encoded",
      () =>
        new WatchedResponse(bytes, {
          headers: { "content-type": "application/json", "content-encoding": "br", etag: 'W/"p1"' },
        }),
    );
    const res = await app.handle(
      new Request("http://localhost/encoded", { headers: { "accept-encoding": "br" } }),
    );
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(JSON.parse(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual({
      posts: [],
    });
    expect(bodyReads).toBe(0);
  });

  test("the web manifest and the offline page (both languages) are served", async () => {
    const manifest = await (await get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({
      name: "ClubNica",
      start_url: expect.any(String),
      display: "standalone",
    });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    const es = await (await get("/offline?lang=es")).text();
    expect(es).toContain('<html lang="es">');
    expect(es).toContain("Estás sin conexión");
    const en = await (await get("/offline?lang=en")).text();
    expect(en).toContain("You are offline");
    expect((await get("/offline?lang=xx")).status).toBe(422);
  });
});
