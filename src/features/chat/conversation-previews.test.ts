import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import sharp from "sharp";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "./chat.fixtures";

/**
 * The conversation list's preview of a last message with no text of its own: a photo without a
 * caption, or a tombstone, used to show "No messages yet". The rows say which it is.
 */
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

async function sendPhoto(token: string, path: string) {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0067C6" } })
    .jpeg()
    .toBuffer();
  const multipart = new FormData();
  multipart.append("image", new File([new Uint8Array(bytes)], "foto.jpg", { type: "image/jpeg" }));
  const res = await t.app.handle(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: multipart,
    }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
}

type Row = {
  type: string;
  id: number;
  last_message_content: string | null;
  last_message_has_image: boolean;
  last_message_deleted: boolean;
};
async function rowsOf(token: string): Promise<Row[]> {
  const res = await t.request("GET", "/api/messages/conversations", { token });
  expect(res.status).toBe(200);
  return res.body;
}
const rowOf = (rows: Row[], type: string, id: number) =>
  rows.find((row) => row.type === type && row.id === id)!;

test("a photo alone and a deleted message are flagged, in direct, club and Avisos rows", async () => {
  const owner = await createQuickUser(t, { role: "owner" });
  const [ana, beto] = [await createQuickUser(t), await createQuickUser(t)];
  const clubId = await insertClub(t, owner.id);
  for (const person of [ana, beto]) await addMember(t, clubId, person.id);

  await sendPhoto(ana.token, `/api/messages/user/${beto.id}`);
  const said = await send(t, ana.token, `/api/messages/club/${clubId}`, "Hola a todos");
  expect((await t.request("DELETE", `/api/messages/${said.body.id}`, { token: ana.token })).status).toBe(204);
  await sendPhoto(owner.token, `/api/messages/club/${clubId}/announcements`);

  const rows = await rowsOf(beto.token);
  expect(rowOf(rows, "user", ana.id)).toMatchObject({
    last_message_content: "",
    last_message_has_image: true,
    last_message_deleted: false,
  });
  expect(rowOf(rows, "club", clubId)).toMatchObject({
    last_message_content: "",
    last_message_has_image: false,
    last_message_deleted: true,
  });
  expect(rowOf(rows, "announcements", clubId)).toMatchObject({
    last_message_has_image: true,
    last_message_deleted: false,
  });
  // A plain text message is neither.
  await send(t, beto.token, `/api/messages/user/${ana.id}`, "¡Qué bonita!");
  expect(rowOf(await rowsOf(beto.token), "user", ana.id)).toMatchObject({
    last_message_content: "¡Qué bonita!",
    last_message_has_image: false,
    last_message_deleted: false,
  });
  // An empty Avisos channel (the owner's) says neither either.
  const quiet = await insertClub(t, owner.id);
  expect(rowOf(await rowsOf(owner.token), "announcements", quiet)).toMatchObject({
    last_message_content: null,
    last_message_has_image: false,
    last_message_deleted: false,
  });
});
