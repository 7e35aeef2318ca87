import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { insertUpload } from "./queries";
import { AVATAR_WIDTHS, saveImage, uploadUrl } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const photo = (width: number, height: number, background = "#0067C6") =>
  sharp({
    create: { width, height, channels: 3, background, noise: { type: "gaussian", mean: 120, sigma: 20 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

const asFile = (bytes: Uint8Array, name = "photo.jpg") =>
  new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });

const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.handle(new Request(`http://localhost${path}`, { headers }));

describe("image variants", () => {
  test("a cover upload is stored at 400 and 800 px as WebP, each much smaller than the original", async () => {
    const id = await saveImage({ db: t.db, file: asFile(await photo(1200, 500)) });
    const rows = await t.sql`select width, height, content_type, byte_size from upload_variants
      where upload_id = ${id} order by width`;
    expect(rows.map((r) => [r.width, r.height, r.content_type])).toEqual([
      [400, 167, "image/webp"],
      [800, 333, "image/webp"],
    ]);
    const [original] = await t.sql`select byte_size from uploads where id = ${id}`;
    for (const row of rows) expect(row.byte_size).toBeLessThan(original!.byte_size);

    const res = await get(`${uploadUrl(id)}/400.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", 400]);
    const again = await get(`${uploadUrl(id)}/400.webp`, { "if-none-match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  test("an avatar upload is stored at 96 px only", async () => {
    const id = await saveImage({ db: t.db, file: asFile(await photo(256, 256)), widths: AVATAR_WIDTHS });
    const rows = await t.sql`select width from upload_variants where upload_id = ${id}`;
    expect(rows.map((r) => r.width)).toEqual([96]);
  });

  test("an image uploaded before variants existed is converted on the first request and kept", async () => {
    const data = await photo(900, 600, "#2a9d8f");
    const id = "ab".repeat(32);
    await insertUpload(t.db, {
      id,
      contentType: "image/jpeg",
      data,
      byteSize: data.length,
      width: 900,
      height: 600,
    });
    const res = await get(`/uploads/${id}/800.webp`);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(800);
    const rows = await t.sql`select width from upload_variants where upload_id = ${id}`;
    expect(rows.map((r) => r.width)).toEqual([800]);
  });

  test("a small image is never enlarged; other widths and unknown images are 404, bad names 422", async () => {
    const id = await saveImage({ db: t.db, file: asFile(await photo(300, 200)) });
    const meta = await sharp(
      Buffer.from(await (await get(`/uploads/${id}/800.webp`)).arrayBuffer()),
    ).metadata();
    expect(meta.width).toBe(300);
    expect((await get(`/uploads/${id}/123.webp`)).status).toBe(404);
    expect((await get(`/uploads/${"0".repeat(64)}/400.webp`)).status).toBe(404);
    expect((await get(`/uploads/${id}/400.png`)).status).toBe(422);
  });

  test("variants go with their image", async () => {
    const id = await saveImage({ db: t.db, file: asFile(await photo(600, 400)) });
    await t.sql`delete from uploads where id = ${id}`;
    const rows = await t.sql`select 1 from upload_variants where upload_id = ${id}`;
    expect(rows.length).toBe(0);
  });
});
