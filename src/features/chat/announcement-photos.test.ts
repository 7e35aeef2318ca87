import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import sharp from "sharp";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub } from "./chat.fixtures";

/**
 * Photos in a club's Avisos (issue 48: writers write there "text, photo, mention"): the club
 * chat's multipart send, with its rules and errors, on POST /api/messages/club/{id}/announcements.
 */
setDefaultTimeout(60_000);

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await setupTestApp({}, { openapi: true });
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${t.app.server?.port}`;
});
afterAll(async () => {
  await t.app.stop(true);
  await t.close();
});

const jpeg = async (width = 640, height = 480) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: "#0067C6" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "afiche.jpg",
    { type: "image/jpeg" },
  );

/** Over a real socket, as the app sends it. */
async function sendForm(token: string, path: string, fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  return { status: res.status, body: await res.json() };
}

async function clubWithOwnerAndMember() {
  const owner = await createQuickUser(t, { role: "owner" });
  const member = await createQuickUser(t);
  const clubId = await insertClub(t, owner.id);
  await addMember(t, clubId, member.id);
  return { owner, member, clubId, path: `/api/messages/club/${clubId}/announcements` };
}

test("the owner posts a photo aviso, with or without a caption; members see it in the poll", async () => {
  const { owner, member, path } = await clubWithOwnerAndMember();
  const sent = await sendForm(owner.token, path, { content: " El afiche del sábado ", image: await jpeg() });
  expect(sent.status).toBe(201);
  expect(sent.body.content).toBe("El afiche del sábado");
  expect(sent.body.image_url).toMatch(/^\/uploads\/[a-f0-9]{64}$/);
  expect(sent.body.thumbnail_url).toBe(`${sent.body.image_url}/400.webp`);
  expect([sent.body.image_width, sent.body.image_height]).toEqual([640, 480]);
  const alone = await sendForm(owner.token, path, { image: await jpeg(320, 200) });
  expect(alone.status).toBe(201);
  expect(alone.body.content).toBe("");

  const read = await t.request("GET", path, { token: member.token });
  expect(read.status).toBe(200);
  const images = read.body.map((message: { image_url: string | null }) => message.image_url);
  expect(images).toEqual([sent.body.image_url, alone.body.image_url]);
  const thumb = await fetch(`${base}${sent.body.thumbnail_url}`);
  expect(thumb.status).toBe(200);
});

test("the club chat's refusals, with a detail: not an image, too big, nothing to send, a member", async () => {
  const { owner, member, path } = await clubWithOwnerAndMember();
  const uploadsBefore = (await t.sql`select count(*)::int as n from uploads`)[0]!.n;
  const text = new File([new TextEncoder().encode("no soy una foto")], "afiche.jpg", { type: "image/jpeg" });
  const notImage = await sendForm(owner.token, path, { content: "Mirá", image: text });
  expect(notImage.status).toBe(415);
  expect(notImage.body.detail).toBe("Only PNG, JPG or JPEG images are allowed.");

  const big = new Uint8Array(5 * 1024 * 1024 + 1);
  big.set(await jpeg().then(async (file) => new Uint8Array(await file.arrayBuffer())));
  const tooBig = await sendForm(owner.token, path, {
    image: new File([big], "enorme.jpg", { type: "image/jpeg" }),
  });
  expect(tooBig.status).toBe(413);
  expect(tooBig.body.detail).toBe("Images can be at most 5 MB.");

  const empty = await sendForm(owner.token, path, { content: "  " });
  expect(empty.status).toBe(422);
  expect(empty.body.detail).toEqual([
    { loc: ["body", "content"], msg: "Write a message or attach a photo." },
  ]);

  const fromMember = await sendForm(member.token, path, { image: await jpeg() });
  expect(fromMember.status).toBe(403);
  expect(fromMember.body.detail).toBe(
    "Only the club's owner and officers who may post write in Avisos. You can read and react.",
  );
  const stored = await t.sql`select count(*)::int as n from messages where announcement_club_id is not null
    and sender_id in (${owner.id}, ${member.id})`;
  expect(stored[0]!.n).toBe(0);
  expect((await t.sql`select count(*)::int as n from uploads`)[0]!.n).toBe(uploadsBefore);
});

test("/docs documents the Avisos photo send: the multipart body and its errors", async () => {
  const res = await t.request("GET", "/docs/json");
  const send = (res.body.paths as Record<string, Record<string, any>>)[
    "/api/messages/club/{id}/announcements"
  ]!.post;
  expect(send.requestBody.content["multipart/form-data"]).toBeTruthy();
  for (const status of ["403", "413", "415", "422", "429"])
    expect(send.responses[status], status).toBeTruthy();
  expect(send.description).toContain("multipart/form-data");
  expect(send.description).toContain("Only PNG, JPG or JPEG images are allowed.");
  expect(send["x-rate-limits"]).toContain("uploads (when it applies)");
});
