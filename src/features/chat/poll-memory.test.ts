import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { metricValue } from "../../../test/metric-value";
import { waitUntil } from "../../../test/wait";
import { changeBusOf } from "../../lib/database/change-bus";
import { addMember, insertClub, send } from "./chat.fixtures";

setDefaultTimeout(60_000);

/**
 * An open chat's 2-second poll is answered from the process's memory while nothing changed
 * (src/features/chat/poll-memory.ts). Permission is part of what is remembered: a member who
 * leaves, is banned, becomes the owner, or whose club is deleted must get the same answer as
 * without the memory (403 or 404), never a 304; a block changes the page's tag.
 */
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const chatHits = () => metricValue('clubnica_poll_memory_hits_total{kind="chat"}');

describe("club chat polls from memory", () => {
  test("served from memory while unchanged; leaving, a ban, ownership and deletion are honoured at once", async () => {
    const me = await t.createUser();
    const friend = await t.createUser();
    const clubId = await insertClub(t, null);
    await addMember(t, clubId, me.id);
    await addMember(t, clubId, friend.id);
    // The send's keys reach this process twice: at once as a NOTICE, and as a NOTIFY after the
    // commit. A NOTIFY still on its way would forget the first poll's memo (as it must): wait for it.
    // The bus's LISTEN may still be starting (it begins with the first follower): a NOTIFY sent
    // before it is up is never heard, so send only once the bus says it is listening.
    let heard = 0;
    let listening = false;
    const stop = changeBusOf(t.db, t.deps.logger).follow({
      changed: (keys) => {
        if (keys.includes(`c${clubId}`)) heard += 1;
      },
      resumed: () => {
        listening = true;
      },
      lost: () => {
        listening = false;
      },
    });
    await waitUntil("the change bus listening", () => listening);
    const sent = await send(t, friend.token, `/api/messages/club/${clubId}`, "hola");
    await waitUntil("the send's NOTIFY", () => heard >= 2);
    stop();
    const path = `/api/messages/club/${clubId}?after=${sent.body.id}`;
    const poll = (etag?: string) =>
      t.request("GET", path, { token: me.token, headers: etag ? { "if-none-match": etag } : {} });

    const first = await poll();
    expect(first.status).toBe(200);
    expect(first.body).toEqual([]);
    const etag = first.headers.get("etag")!;
    const hits = await chatHits();
    expect((await poll(etag)).status).toBe(304);
    const again = await poll();
    expect(again.status).toBe(200);
    expect(again.body).toEqual([]);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await chatHits()).toBe(hits + 2);

    await t.sql`delete from club_members where club_id = ${clubId} and user_id = ${me.id}`;
    expect((await poll(etag)).status).toBe(403);
    await addMember(t, clubId, me.id);
    expect((await poll(etag)).status).toBe(304);

    const blocked = await t.request("PUT", `/api/blocks/${friend.id}`, { token: me.token });
    expect(blocked.status).toBeLessThan(300);
    const afterBlock = await poll(etag);
    expect(afterBlock.status).toBe(200);
    expect(afterBlock.headers.get("etag")).not.toBe(etag);
    await t.request("DELETE", `/api/blocks/${friend.id}`, { token: me.token });
    expect((await poll(etag)).status).toBe(304);

    await t.sql`update users set ban_until = now() + interval '1 hour' where id = ${me.id}`;
    expect((await poll(etag)).status).toBe(403);
    await t.sql`update users set ban_until = null where id = ${me.id}`;
    expect((await poll(etag)).status).toBe(304);

    await t.sql`update clubs set owner_id = ${me.id} where id = ${clubId}`;
    expect((await poll(etag)).status).toBe(403);

    await t.sql`delete from clubs where id = ${clubId}`;
    expect((await poll(etag)).status).toBe(404);
  });

  test("a new message ends the memory's answer: the next poll brings it", async () => {
    const me = await t.createUser();
    const friend = await t.createUser();
    const first = await send(t, friend.token, `/api/messages/user/${me.id}`, "uno");
    const path = `/api/messages/user/${friend.id}?after=${first.body.id}`;
    const empty = await t.request("GET", path, { token: me.token });
    const etag = empty.headers.get("etag")!;
    expect(
      (await t.request("GET", path, { token: me.token, headers: { "if-none-match": etag } })).status,
    ).toBe(304);
    await send(t, friend.token, `/api/messages/user/${me.id}`, "dos");
    const next = await t.request("GET", path, { token: me.token, headers: { "if-none-match": etag } });
    expect(next.status).toBe(200);
    expect(next.body.map((m: { content: string }) => m.content)).toEqual(["dos"]);
  });
});
