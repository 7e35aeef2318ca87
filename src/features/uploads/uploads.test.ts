import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { sniffImageKind } from "./image-type";
import { deleteUploadIfUnused, saveImage, uploadUrl } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const solid = (format: "png" | "jpeg" | "webp", size = 32) =>
  sharp({ create: { width: size, height: size, channels: 3, background: "#0067C6" } })
    [format]()
    .toBuffer();

const asFile = (bytes: Uint8Array | string, name: string, type: string) =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

describe("uploads", () => {
  test("sniffs formats by their bytes", async () => {
    expect(sniffImageKind(await solid("png"))).toBe("png");
    expect(sniffImageKind(await solid("jpeg"))).toBe("jpeg");
    expect(sniffImageKind(await solid("webp"))).toBe("webp");
    expect(sniffImageKind(new TextEncoder().encode("<html></html>"))).toBeNull();
  });

  test("stores a PNG and serves it content-addressed with immutable caching and ETag", async () => {
    const id = await saveImage({ db: t.db, file: asFile(await solid("png"), "a.png", "image/png") });
    expect(id).toMatch(/^[a-f0-9]{64}$/);
    const url = uploadUrl(id)!;
    const res = await t.app.handle(new Request(`http://localhost${url}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = res.headers.get("etag")!;
    const again = await t.app.handle(
      new Request(`http://localhost${url}`, { headers: { "if-none-match": etag } }),
    );
    expect(again.status).toBe(304);
  });

  test("an HTML file named .png is refused with 415 and the spec's message", async () => {
    const html = asFile("<html><script>alert(1)</script></html>", "evil.png", "image/png");
    await expect(saveImage({ db: t.db, file: html })).rejects.toMatchObject({
      status: 415,
      detail: "Only PNG, JPG or JPEG images are allowed.",
    });
  });

  test("WebP only where allowed", async () => {
    const webp = asFile(await solid("webp"), "a.webp", "image/webp");
    await expect(saveImage({ db: t.db, file: webp })).rejects.toMatchObject({ status: 415 });
    expect(await saveImage({ db: t.db, file: webp, allowWebp: true })).toMatch(/^[a-f0-9]{64}$/);
  });

  test("files over 5 MB are refused with 413", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    await expect(saveImage({ db: t.db, file: asFile(big, "big.jpg", "image/jpeg") })).rejects.toMatchObject({
      status: 413,
    });
  });

  test("a phone-sized photo (4000 px) is accepted and resized to display size", async () => {
    const noisy = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 12 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1_000_000);
    expect(noisy.length).toBeLessThan(5 * 1024 * 1024);
    const id = await saveImage({ db: t.db, file: asFile(noisy, "IMG_0001.JPG", "image/jpeg") });
    const [row] = await t.sql`select width, height, content_type from uploads where id = ${id}`;
    expect(row).toEqual({ width: 1600, height: 1200, content_type: "image/jpeg" });
  });

  test("an unknown or malformed id is a 404 or 422, never a 500", async () => {
    const missing = await t.app.handle(new Request(`http://localhost/uploads/${"0".repeat(64)}`));
    expect(missing.status).toBe(404);
    const malformed = await t.app.handle(new Request("http://localhost/uploads/not-an-id"));
    expect(malformed.status).toBe(422);
  });

  test("an image nobody references is removed; a referenced one stays", async () => {
    const used = await saveImage({ db: t.db, file: asFile(await solid("png", 40), "u.png", "image/png") });
    const unused = await saveImage({ db: t.db, file: asFile(await solid("png", 48), "n.png", "image/png") });
    const user = await t.createUser();
    await t.sql`update users set profile_picture_id = ${used} where id = ${user.id}`;
    await deleteUploadIfUnused({ db: t.db, id: used });
    await deleteUploadIfUnused({ db: t.db, id: unused });
    const rows = await t.sql`select id from uploads where id in (${used}, ${unused})`;
    expect(rows.map((r) => r.id)).toEqual([used]);
  });
});
