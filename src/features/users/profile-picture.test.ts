import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import sharp from "sharp";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { png, profileForm, validProfile } from "./profile.fixtures";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

describe("PUT /api/users/me/profile: picture", () => {
  test("a PNG picture is stored and served; replacing it removes the old one", async () => {
    const u = await t.createUser();
    const first = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({
        ...validProfile(),
        picture: new File([await png(20)], "me.png", { type: "image/png" }),
      }),
    });
    expect(first.status).toBe(200);
    const url = first.body.profile_picture_url as string;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{64}$/);
    const image = await t.app.handle(new Request(`http://localhost${url}`));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    const second = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({
        ...validProfile(),
        picture: new File([await png(30)], "me2.png", { type: "image/png" }),
      }),
    });
    expect(second.body.profile_picture_url).not.toBe(url);
    const oldId = url.split("/").pop()!;
    const rows = await t.sql`select id from uploads where id = ${oldId}`;
    expect(rows.length).toBe(0);
  });

  test("an HTML file named .png is refused with the spec's message", async () => {
    const u = await t.createUser();
    const html = new File(["<html><body>hi</body></html>"], "photo.png", { type: "image/png" });
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({ ...validProfile(), picture: html }),
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: "Only PNG, JPG or JPEG images are allowed." });
    const me = await t.request("GET", "/api/users/me", { token: u.token });
    expect(me.body.first_name).toBeNull();
  });

  test("a WebP picture is refused for profiles", async () => {
    const u = await t.createUser();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({
        ...validProfile(),
        picture: new File([webp], "a.webp", { type: "image/webp" }),
      }),
    });
    expect(res.status).toBe(415);
    expect(res.body.detail).toBe("Only PNG, JPG or JPEG images are allowed.");
  });
});
