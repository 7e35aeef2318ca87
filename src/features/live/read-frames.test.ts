import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { type LiveClient, signedInLive } from "./live.fixtures";

/**
 * A club writer's `read` frames (read-frames.ts), over real sockets: the readers of one gathering
 * come as one frame, so a live delivery to a club of 2,000 costs the writer's phone a frame, not
 * 2,000 (about 230 KB per message).
 */
setDefaultTimeout(30_000);

let t: TestApp;
let base: string;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  t = await setupTestApp();
  base = t.listen();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function following(token: string, conversation: string) {
  const live = await signedInLive(base, token);
  sockets.push(live);
  live.send({ type: "subscribe", conversation });
  await live.next("subscribed");
  return live;
}

describe("a club writer's read frames", () => {
  for (const room of ["club", "announcements"] as const) {
    test(`${room}: members a delivery marks read at once are one frame; a later reader another`, async () => {
      const writer = await t.createUser({ role: room === "club" ? "member" : "owner" });
      const readers = [await t.createUser(), await t.createUser(), await t.createUser()];
      const late = await t.createUser();
      const clubId = await insertClub(t, room === "club" ? null : writer.id);
      if (room === "club") await addMember(t, clubId, writer.id);
      for (const person of [...readers, late]) await addMember(t, clubId, person.id);
      const conversation = `${room}:${clubId}`;
      const path =
        room === "club" ? `/api/messages/club/${clubId}` : `/api/messages/club/${clubId}/announcements`;

      const mine = await following(writer.token, conversation);
      const theirs = await Promise.all(readers.map((r) => following(r.token, conversation)));
      const sent = await send(t, writer.token, path, "La reunión se movió al jueves");
      expect(sent.status).toBe(201);
      // The three follow live: one delivery moves their three read marks in one write.
      for (const socket of theirs) await socket.next("message", (f) => f.message.id === sent.body.id);
      const first = await mine.next("read");
      expect(readers.map((r) => r.id)).toContain(first.user_id);
      expect(first).toMatchObject({ conversation, last_read_id: sent.body.id });

      // A later reader comes as a frame of their own, after any frame of the first gathering.
      expect((await t.request("GET", path, { token: late.token })).status).toBe(200);
      await mine.next("read", (f) => f.user_id === late.id);
      const frames = mine.frames.filter((f) => f.type === "read");
      expect(frames.map((f) => f.user_id)).toEqual([first.user_id, late.id]);
    });
  }
});
