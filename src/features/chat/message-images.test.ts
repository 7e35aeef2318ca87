import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createQuickUser, type QuickUser } from "../clubs/user.fixtures";
import { signedInLive } from "../live/live.fixtures";
import { watchWords } from "../watched-words/watched-words.fixtures";
import { addMember, insertClub } from "./chat.fixtures";

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

const photo = (width = 640, height = 480, background = "#0067C6") =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

function form(fields: Record<string, string | Blob | Blob[]>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const part of Array.isArray(value) ? value : [value]) body.append(name, part);
  }
  return body;
}

const jpeg = async (options?: { width?: number; height?: number; background?: string }) =>
  new File([new Uint8Array(await photo(options?.width, options?.height, options?.background))], "foto.jpg", {
    type: "image/jpeg",
  });

/** Over a real socket: the body guard reads what a client really sends. */
async function sendForm(token: string, path: string, fields: Record<string, string | Blob | Blob[]>) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form(fields),
  });
  return { status: res.status, body: await res.json() };
}

/** A PNG whose header claims `width` × `height` pixels, with almost no data behind it. */
function bombPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(deflateSync(new Uint8Array(1024)))),
    chunk("IEND", new Uint8Array()),
  ];
  return Uint8Array.from(Buffer.concat(parts));
}

async function clubWith(...users: QuickUser[]) {
  const clubId = await insertClub(t, null);
  for (const user of users) await addMember(t, clubId, user.id);
  return clubId;
}

const messageCount = async (senderId: number) =>
  Number((await t.sql`select count(*)::int as n from messages where sender_id = ${senderId}`)[0]!.n);
const uploadCount = async () => Number((await t.sql`select count(*)::int as n from uploads`)[0]!.n);

describe("sending a photo", () => {
  test("a photo with a caption is stored and answered with its URLs and size", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(ana, beto);
    const sent = await sendForm(ana.token, `/api/messages/club/${clubId}`, {
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
    const clubId = await clubWith(ana, beto);
    const alone = await sendForm(ana.token, `/api/messages/club/${clubId}`, { image: await jpeg() });
    expect(alone.status).toBe(201);
    expect(alone.body.content).toBe("");
    const empty = await sendForm(ana.token, `/api/messages/club/${clubId}`, {
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
    const clubId = await clubWith(ana, beto);
    const uploads = await uploadCount();
    const html = new File(["<html><script>alert(1)</script></html>"], "afiche.png", { type: "image/png" });
    const res = await sendForm(ana.token, `/api/messages/club/${clubId}`, { content: "mirá", image: html });
    expect(res.status).toBe(415);
    expect(res.body.detail).toBe("Only PNG, JPG or JPEG images are allowed.");
    expect(await messageCount(ana.id)).toBe(0);
    expect(await uploadCount()).toBe(uploads);
  });

  test("a decompression bomb (a tiny PNG claiming 20000 × 20000 pixels) is 422 with detail", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(ana, beto);
    const bomb = bombPng(20_000, 20_000);
    // A well-formed header: what refuses it is its size, before anything is decoded.
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      format: "png",
      width: 20_000,
      height: 20_000,
    });
    const res = await sendForm(ana.token, `/api/messages/club/${clubId}`, {
      image: new File([bomb], "bomba.png", { type: "image/png" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe("That image could not be read. Try another file.");
    expect(await messageCount(ana.id)).toBe(0);
  });

  test("two images are 422 with detail", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(ana, beto);
    const res = await sendForm(ana.token, `/api/messages/club/${clubId}`, {
      image: [await jpeg(), await jpeg({ background: "#ff0000" })],
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.detail)).toContain("Attach one photo at most.");
    expect(await messageCount(ana.id)).toBe(0);
  });

  test("an image over 5 MB is refused with 413 and detail; a body over the route's limit too", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(ana, beto);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    const res = await sendForm(ana.token, `/api/messages/club/${clubId}`, {
      image: new File([big], "grande.jpg", { type: "image/jpeg" }),
    });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe("Images can be at most 5 MB.");
    const huge = new Uint8Array(7 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff]);
    const over = await sendForm(ana.token, `/api/messages/club/${clubId}`, {
      image: new File([huge], "enorme.jpg", { type: "image/jpeg" }),
    });
    expect(over.status).toBe(413);
    expect(typeof over.body.detail).toBe("string");
    expect(await messageCount(ana.id)).toBe(0);
  });

  test("watched words screen the caption", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(ana, beto);
    const res = await sendForm(ana.token, `/api/messages/club/${clubId}`, {
      content: "qué chancho",
      image: await jpeg({ background: "#123456" }),
    });
    expect(res.status).toBe(422);
    expect(await messageCount(ana.id)).toBe(0);
  });

  test("blocks and club membership hold for photos", async () => {
    const [ana, beto, carla] = [await createQuickUser(t), await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(ana);
    const outsider = await sendForm(carla.token, `/api/messages/club/${clubId}`, { image: await jpeg() });
    expect(outsider.status).toBe(403);
    expect((await t.request("PUT", `/api/blocks/${ana.id}`, { token: beto.token })).status).toBeLessThan(300);
    const blocked = await sendForm(ana.token, `/api/messages/user/${beto.id}`, { image: await jpeg() });
    expect(blocked.status).toBe(403);
    expect(await messageCount(ana.id)).toBe(0);
  });
});

describe("reading photos", () => {
  test("a photo message reaches the poll and the live frame with the same JSON", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(ana, beto);
    const live = await signedInLive(base, beto.token);
    live.send({ type: "subscribe", conversation: `club:${clubId}` });
    await live.next("subscribed");
    const sent = await sendForm(ana.token, `/api/messages/club/${clubId}`, {
      content: "foto",
      image: await jpeg({ width: 300, height: 500 }),
      reply_to: "",
    });
    expect(sent.status).toBe(201);
    const frame = await live.next("message", (f) => f.message.id === sent.body.id);
    const poll = await t.request("GET", `/api/messages/club/${clubId}`, { token: beto.token });
    const polled = poll.body.find((x: { id: number }) => x.id === sent.body.id);
    expect(polled.image_url).toBe(sent.body.image_url);
    expect([polled.image_width, polled.image_height]).toEqual([300, 500]);
    expect(frame.message).toEqual(polled);
    live.close();
  });

  test("a retried send with the same client_id stores one message and one image", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(ana, beto);
    const clientId = crypto.randomUUID();
    const image = await jpeg({ background: "#2a9d8f" });
    const fields = { content: "una vez", client_id: clientId, image };
    const first = await sendForm(ana.token, `/api/messages/club/${clubId}`, fields);
    const again = await sendForm(ana.token, `/api/messages/club/${clubId}`, fields);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    const atOnce = crypto.randomUUID();
    const both = await Promise.all([
      sendForm(ana.token, `/api/messages/club/${clubId}`, { ...fields, client_id: atOnce }),
      sendForm(ana.token, `/api/messages/club/${clubId}`, { ...fields, client_id: atOnce }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.id).toBe(both[1]!.body.id);
    expect(await messageCount(ana.id)).toBe(2);
    const images = await t.sql`select distinct image_id from messages where sender_id = ${ana.id}`;
    expect(images.length).toBe(1);
    expect((await t.sql`select 1 from uploads where id = ${images[0]!.image_id}`).length).toBe(1);
  });

  test("a deleted photo message is a tombstone with no image, in the poll and live; its upload goes", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(ana, beto);
    const sent = await sendForm(ana.token, `/api/messages/club/${clubId}`, {
      content: "me equivoqué",
      image: await jpeg({ background: "#e76f51" }),
    });
    const uploadId = String(sent.body.image_url).split("/").at(-1)!;
    const live = await signedInLive(base, beto.token);
    live.send({ type: "subscribe", conversation: `club:${clubId}` });
    await live.next("subscribed");
    expect((await t.request("DELETE", `/api/messages/${sent.body.id}`, { token: ana.token })).status).toBe(
      204,
    );
    const frame = await live.next("message_updated", (f) => f.message.id === sent.body.id);
    const poll = await t.request("GET", `/api/messages/club/${clubId}?after=0&changes_after=0`, {
      token: beto.token,
    });
    const polled = poll.body.find((x: { id: number }) => x.id === sent.body.id);
    for (const message of [frame.message, polled]) {
      expect(message).toMatchObject({
        deleted: true,
        content: "",
        image_url: null,
        thumbnail_url: null,
        image_width: null,
        image_height: null,
      });
    }
    expect((await t.sql`select 1 from uploads where id = ${uploadId}`).length).toBe(0);
    expect((await fetch(`${base}/uploads/${uploadId}`)).status).toBe(404);
    live.close();
  });
});

describe("a stranger's photo (message request)", () => {
  test("the recipient gets no URL until accepting; a photo counts as one of the 3", async () => {
    const [stranger, ana] = [await createQuickUser(t), await createQuickUser(t)];
    const path = `/api/messages/user/${ana.id}`;
    const sent = await sendForm(stranger.token, path, { content: "hola", image: await jpeg() });
    expect(sent.status).toBe(201);
    // Its sender sees their own photo.
    expect(sent.body.image_url).toMatch(/^\/uploads\//);
    expect(sent.body.image_request).toBeNull();
    const before = await t.request("GET", `/api/messages/user/${stranger.id}`, { token: ana.token });
    expect(before.body[0]).toMatchObject({
      image_url: null,
      thumbnail_url: null,
      image_width: 640,
      image_height: 480,
      image_request: "pending",
    });
    expect((await sendForm(stranger.token, path, { content: "dos" })).status).toBe(201);
    const third = await sendForm(stranger.token, path, { image: await jpeg({ background: "#111111" }) });
    expect(third.status).toBe(201);
    const uploads = await uploadCount();
    const fourth = await sendForm(stranger.token, path, { image: await jpeg({ background: "#222222" }) });
    expect(fourth.status).toBe(403);
    expect(typeof fourth.body.detail).toBe("string");
    // The refused photo left nothing behind.
    expect(await uploadCount()).toBe(uploads);
    const seen = await t.request("GET", `/api/messages/user/${stranger.id}`, { token: ana.token });
    const newest = seen.body.at(-1).id;
    const seq = seen.headers.get("x-change-seq");
    const live = await signedInLive(base, ana.token);
    live.send({ type: "subscribe", conversation: `user:${stranger.id}` });
    await live.next("subscribed");
    const accept = await t.request("POST", `/api/messages/requests/${stranger.id}/accept`, {
      token: ana.token,
    });
    expect(accept.status).toBeLessThan(300);
    const after = await t.request("GET", `/api/messages/user/${stranger.id}`, { token: ana.token });
    expect(after.body[0]).toMatchObject({ image_url: sent.body.image_url, image_request: "accepted" });
    // An open chat learns of it without reloading: the photos count as changed.
    const changed = await t.request(
      "GET",
      `/api/messages/user/${stranger.id}?after=${newest}&changes_after=${seq}`,
      {
        token: ana.token,
      },
    );
    expect(changed.body.map((x: { id: number }) => x.id)).toEqual([sent.body.id, third.body.id]);
    expect(changed.body[0].image_url).toBe(sent.body.image_url);
    const frame = await live.next("message_updated", (f) => f.message.id === sent.body.id);
    expect(frame.message.image_url).toBe(sent.body.image_url);
    live.close();
    const own = await t.request("GET", path, { token: stranger.token });
    expect(own.body[0].image_request).toBeNull();
  });
});
