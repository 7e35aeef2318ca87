import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import sharp from "sharp";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { watchWords } from "../watched-words/watched-words.fixtures";
import { bombPng, clubWith, jpeg, messageCount, sendForm, uploadCount } from "./message-images.fixtures";

setDefaultTimeout(60_000);

/** Photos in chat messages (issue 48): the multipart send, the JSON, and every message rule. */
let t: TestApp;
let base: string;
let admin: QuickUser;
beforeAll(async () => {
  t = await setupTestApp();
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${t.app.server?.port}`;
  admin = await createQuickUser(t, { role: "admin" });
  await watchWords(t, admin.token, { chancho: "block" });
});
afterAll(async () => {
  await t.app.stop(true);
  await t.close();
});

describe("sending a photo", () => {
  test("a photo with a caption is stored and answered with its URLs and size", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(t, ana, beto);
    const sent = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, {
      content: "  El afiche del sábado  ",
      image: await jpeg(),
    });
    expect(sent.status).toBe(201);
    expect(sent.body.content).toBe("El afiche del sábado");
    expect(sent.body.image_url).toMatch(/^\/uploads\/[a-f0-9]{64}$/);
    expect(sent.body.thumbnail_url).toBe(`${sent.body.image_url}/400.webp`);
    expect([sent.body.image_width, sent.body.image_height]).toEqual([640, 480]);
    expect(sent.body.image_request).toBeNull();
    const image = await fetch(`${base}${sent.body.thumbnail_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
  });

  test("a photo alone is a message; a form with neither text nor photo is 422 with detail", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(t, ana, beto);
    const alone = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, { image: await jpeg() });
    expect(alone.status).toBe(201);
    expect(alone.body.content).toBe("");
    const empty = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, {
      content: "  ",
      image: new File([], ""),
    });
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toEqual([
      { loc: ["body", "content"], msg: "Write a message or attach a photo." },
    ]);
    // A JSON send keeps its own rule and wording.
    const json = await t.request("POST", `/api/messages/club/${clubId}`, {
      token: ana.token,
      json: { content: " " },
    });
    expect(json.status).toBe(422);
    expect(json.body.detail[0]).toEqual({ loc: ["body", "content"], msg: "Message cannot be empty." });
  });

  test("a non-image is refused with 415 and detail, and nothing is stored", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(t, ana, beto);
    const uploads = await uploadCount(t);
    const html = new File(["<html><script>alert(1)</script></html>"], "afiche.png", { type: "image/png" });
    const res = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, {
      content: "mirá",
      image: html,
    });
    expect(res.status).toBe(415);
    expect(res.body.detail).toBe("Only PNG, JPG or JPEG images are allowed.");
    expect(await messageCount(t, ana.id)).toBe(0);
    expect(await uploadCount(t)).toBe(uploads);
  });

  test("a decompression bomb (a tiny PNG claiming 20000 × 20000 pixels) is 422 with detail", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(t, ana, beto);
    const bomb = bombPng(20_000, 20_000);
    // A well-formed header: what refuses it is its size, before anything is decoded.
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      format: "png",
      width: 20_000,
      height: 20_000,
    });
    const res = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, {
      image: new File([bomb], "bomba.png", { type: "image/png" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe("That image could not be read. Try another file.");
    expect(await messageCount(t, ana.id)).toBe(0);
  });

  test("two images are 422 with detail", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(t, ana, beto);
    const res = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, {
      image: [await jpeg(), await jpeg({ background: "#ff0000" })],
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.detail)).toContain("Attach one photo at most.");
    expect(await messageCount(t, ana.id)).toBe(0);
  });

  test("an image over 5 MB is refused with 413 and detail; a body over the route's limit too", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(t, ana, beto);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    const res = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, {
      image: new File([big], "grande.jpg", { type: "image/jpeg" }),
    });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe("Images can be at most 5 MB.");
    const huge = new Uint8Array(7 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff]);
    const over = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, {
      image: new File([huge], "enorme.jpg", { type: "image/jpeg" }),
    });
    expect(over.status).toBe(413);
    expect(typeof over.body.detail).toBe("string");
    expect(await messageCount(t, ana.id)).toBe(0);
  });

  test("watched words screen the caption", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(t, ana, beto);
    const res = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, {
      content: "qué chancho",
      image: await jpeg({ background: "#123456" }),
    });
    expect(res.status).toBe(422);
    expect(await messageCount(t, ana.id)).toBe(0);
  });

  test("blocks and club membership hold for photos", async () => {
    const [ana, beto, carla] = [await createQuickUser(t), await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(t, ana);
    const outsider = await sendForm(base, carla.token, `/api/messages/club/${clubId}`, {
      image: await jpeg(),
    });
    expect(outsider.status).toBe(403);
    expect((await t.request("PUT", `/api/blocks/${ana.id}`, { token: beto.token })).status).toBeLessThan(300);
    const blocked = await sendForm(base, ana.token, `/api/messages/user/${beto.id}`, { image: await jpeg() });
    expect(blocked.status).toBe(403);
    expect(await messageCount(t, ana.id)).toBe(0);
  });
});
