import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { signedInLive } from "../live/live.fixtures";
import { clubWith, jpeg, messageCount, sendForm, uploadCount } from "./message-images.fixtures";

setDefaultTimeout(60_000);

/** Photos in chat messages (issue 48), read back: the poll, the live frame, retries, deletions, requests. */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await setupTestApp();
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${t.app.server?.port}`;
});
afterAll(async () => {
  await t.app.stop(true);
  await t.close();
});

describe("reading photos", () => {
  test("a photo message reaches the poll and the live frame with the same JSON", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(t, ana, beto);
    const live = await signedInLive(base, beto.token);
    live.send({ type: "subscribe", conversation: `club:${clubId}` });
    await live.next("subscribed");
    const sent = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, {
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
    const clubId = await clubWith(t, ana, beto);
    const clientId = crypto.randomUUID();
    const image = await jpeg({ background: "#2a9d8f" });
    const fields = { content: "una vez", client_id: clientId, image };
    const first = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, fields);
    const again = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, fields);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    const atOnce = crypto.randomUUID();
    const both = await Promise.all([
      sendForm(base, ana.token, `/api/messages/club/${clubId}`, { ...fields, client_id: atOnce }),
      sendForm(base, ana.token, `/api/messages/club/${clubId}`, { ...fields, client_id: atOnce }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.id).toBe(both[1]!.body.id);
    expect(await messageCount(t, ana.id)).toBe(2);
    const images = await t.sql`select distinct image_id from messages where sender_id = ${ana.id}`;
    expect(images.length).toBe(1);
    expect((await t.sql`select 1 from uploads where id = ${images[0]!.image_id}`).length).toBe(1);
  });

  test("a deleted photo message is a tombstone with no image, in the poll and live; its upload goes", async () => {
    const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubWith(t, ana, beto);
    const sent = await sendForm(base, ana.token, `/api/messages/club/${clubId}`, {
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
    const sent = await sendForm(base, stranger.token, path, { content: "hola", image: await jpeg() });
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
    expect((await sendForm(base, stranger.token, path, { content: "dos" })).status).toBe(201);
    const third = await sendForm(base, stranger.token, path, {
      image: await jpeg({ background: "#111111" }),
    });
    expect(third.status).toBe(201);
    const uploads = await uploadCount(t);
    const fourth = await sendForm(base, stranger.token, path, {
      image: await jpeg({ background: "#222222" }),
    });
    expect(fourth.status).toBe(403);
    expect(typeof fourth.body.detail).toBe("string");
    // The refused photo left nothing behind.
    expect(await uploadCount(t)).toBe(uploads);
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
