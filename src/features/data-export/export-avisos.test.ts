import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { download, exportAndWait, openArchive } from "./data-export.fixtures";

/** The data export lists a sent aviso with its club (it had neither a club nor a recipient). */
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
});
afterAll(() => t.close());

test("a sent aviso is exported with its club and its channel, beside chat and direct messages", async () => {
  const owner = await createQuickUser(t, { role: "owner" });
  const ana = await createQuickUser(t);
  const clubId = await insertClub(t, owner.id);
  await addMember(t, clubId, ana.id);
  expect(
    (await send(t, owner.token, `/api/messages/club/${clubId}/announcements`, "La reunión es el jueves"))
      .status,
  ).toBe(201);
  expect((await send(t, owner.token, `/api/messages/user/${ana.id}`, "Hola Ana")).status).toBe(201);
  expect((await send(t, ana.token, `/api/messages/club/${clubId}`, "¡Ahí estaré!")).status).toBe(201);

  await exportAndWait(t, owner.token);
  const sent = openArchive((await download(t, owner.token)).bytes).data.messages_sent;
  expect(sent).toEqual([
    expect.objectContaining({
      content: "La reunión es el jueves",
      club_id: clubId,
      to_user_id: null,
      channel: "announcements",
    }),
    expect.objectContaining({ content: "Hola Ana", club_id: null, to_user_id: ana.id, channel: "direct" }),
  ]);
  await exportAndWait(t, ana.token);
  const anas = openArchive((await download(t, ana.token)).bytes).data.messages_sent;
  expect(anas).toEqual([expect.objectContaining({ club_id: clubId, to_user_id: null, channel: "club" })]);
});
