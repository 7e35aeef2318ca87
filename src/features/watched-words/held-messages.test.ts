import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { auditActions, watchWords } from "./watched-words.fixtures";

setDefaultTimeout(60_000);
let t: TestApp;
let admin: QuickUser;
let sender: QuickUser;
let recipient: QuickUser;
let clubmate: QuickUser;
let clubId: number;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await createQuickUser(t, { role: "admin" });
  sender = await createQuickUser(t);
  recipient = await createQuickUser(t);
  clubmate = await createQuickUser(t);
  clubId = await insertClub(t, null, "Club Charlas");
  await addMember(t, clubId, sender.id);
  await addMember(t, clubId, clubmate.id);
  await watchWords(t, admin.token, { baboso: "hold" });
});
afterAll(() => t.close());

type Msg = { id: number; content: string; pending_review: boolean };

const poll = (token: string, path: string, etag?: string) =>
  t.request("GET", path, { token, headers: etag ? { "if-none-match": etag } : {} });
const badge = async (token: string) => Number((await t.request("GET", "/api/notifications", { token })).body);
const conversations = async (token: string) =>
  (await t.request("GET", "/api/messages/conversations", { token })).body as {
    type: string;
    id: number;
    last_message_content: string | null;
    unread_count: number;
  }[];
const approve = (id: number, action = "approve") =>
  t.request("POST", "/api/admin/reports/resolve", {
    token: admin.token,
    json: { target_type: "message", target_id: id, action },
  });
const contents = (body: unknown) => (body as Msg[]).map((m) => m.content);

describe("held direct messages", () => {
  test("only the sender sees it; approval delivers it to the recipient's after-poll and badge", async () => {
    const toRecipient = `/api/messages/user/${recipient.id}`;
    const toSender = `/api/messages/user/${sender.id}`;
    const held = await send(t, sender.token, toRecipient, "Qué baboso");
    expect(held.status).toBe(201);
    expect(held.body.pending_review).toBe(true);

    // The recipient sees no conversation, no badge, an empty thread.
    expect((await conversations(recipient.token)).some((c) => c.type === "user" && c.id === sender.id)).toBe(
      false,
    );
    expect(await badge(recipient.token)).toBe(0);
    expect((await poll(recipient.token, toSender)).body).toEqual([]);
    const mine = (await poll(sender.token, toRecipient)).body as Msg[];
    expect(mine.map((m) => [m.id, m.pending_review])).toEqual([[held.body.id, true]]);
    const own = (await conversations(sender.token)).find((c) => c.type === "user" && c.id === recipient.id);
    expect(own).toMatchObject({ last_message_content: "Qué baboso", unread_count: 0 });

    // A later, clean message arrives; the recipient reads it (their mark passes the held id).
    const clean = await send(t, sender.token, toRecipient, "Hola");
    const read = await poll(recipient.token, toSender);
    expect(contents(read.body)).toEqual(["Hola"]);
    const etag = read.headers.get("etag")!;
    const cursor = `${toSender}?after=${clean.body.id}`;
    const idle = await poll(recipient.token, cursor, etag);
    expect(idle.status).toBe(304);
    expect(await badge(recipient.token)).toBe(0);

    expect((await approve(held.body.id)).status).toBe(200);
    const delivered = await poll(recipient.token, cursor, etag);
    expect(delivered.status).toBe(200);
    expect(delivered.headers.get("etag")).not.toBe(etag);
    const [published] = delivered.body as Msg[];
    expect(published).toMatchObject({ content: "Qué baboso", pending_review: false });
    expect(published!.id).toBeGreaterThan(clean.body.id);
    expect((await auditActions(t, "held.approve")).at(-1)).toMatchObject({
      actor_id: admin.id,
      target_id: held.body.id,
      details: { published_id: published!.id },
    });
    // The sender's copy moved to the new id.
    expect(((await poll(sender.token, toRecipient)).body as Msg[]).map((m) => m.id)).toEqual([
      clean.body.id,
      published!.id,
    ]);
  });

  test("the badge and the conversation list count it once approved", async () => {
    const other = await createQuickUser(t);
    const held = await send(t, other.token, `/api/messages/user/${recipient.id}`, "baboso");
    const before = await badge(recipient.token);
    expect((await approve(held.body.id)).status).toBe(200);
    expect(await badge(recipient.token)).toBe(before + 1);
    const row = (await conversations(recipient.token)).find((c) => c.type === "user" && c.id === other.id);
    expect(row).toMatchObject({ last_message_content: "baboso", unread_count: 1 });
  });

  test("rejecting deletes it and the recipient never sees it", async () => {
    const held = await send(t, sender.token, `/api/messages/user/${recipient.id}`, "baboso otra vez");
    expect((await approve(held.body.id, "delete")).status).toBe(200);
    expect(await t.sql`select 1 from messages where id = ${held.body.id}`).toHaveLength(0);
    expect((await auditActions(t, "held.reject")).map((a) => a.target_id)).toContain(held.body.id);
    const queue = (await t.request("GET", "/api/admin/reports", { token: admin.token })).body;
    expect(queue.some((g: any) => g.target_type === "message" && g.target_id === held.body.id)).toBe(false);
  });
});

describe("held club messages", () => {
  test("hidden from the club until approved, then polled and counted like a new message", async () => {
    const room = `/api/messages/club/${clubId}`;
    const first = await send(t, clubmate.token, room, "Buenas");
    const seen = await poll(sender.token, room);
    const etag = seen.headers.get("etag")!;
    const badgeBefore = await badge(clubmate.token);

    const held = await send(t, sender.token, room, "Sos un baboso");
    expect(held.body.pending_review).toBe(true);
    const queue = (await t.request("GET", "/api/admin/reports", { token: admin.token })).body;
    expect(queue.find((g: any) => g.target_type === "message" && g.target_id === held.body.id)).toMatchObject(
      {
        held: true,
        highlights: [{ start: 7, end: 13 }],
      },
    );
    expect(contents((await poll(sender.token, room)).body)).toEqual(["Buenas", "Sos un baboso"]);
    expect(contents((await poll(clubmate.token, room)).body)).toEqual(["Buenas"]);
    expect(await badge(clubmate.token)).toBe(badgeBefore);
    const club = (await conversations(clubmate.token)).find((c) => c.type === "club" && c.id === clubId);
    expect(club).toMatchObject({ last_message_content: "Buenas", unread_count: 0 });
    // An admin reading the room sees no held message either.
    expect(contents((await poll(admin.token, room)).body)).toEqual(["Buenas"]);

    const cursor = `${room}?after=${first.body.id}`;
    const clubmateTag = (await poll(clubmate.token, cursor)).headers.get("etag")!;
    expect((await poll(clubmate.token, cursor, clubmateTag)).status).toBe(304);
    expect((await approve(held.body.id)).status).toBe(200);
    expect(await badge(clubmate.token)).toBe(badgeBefore + 1);
    const delivered = await poll(clubmate.token, cursor, clubmateTag);
    expect(delivered.status).toBe(200);
    expect(contents(delivered.body)).toEqual(["Sos un baboso"]);
    // Reading it (the poll) clears it from the badge, as for any message.
    expect(await badge(clubmate.token)).toBe(badgeBefore);
    expect((await poll(sender.token, room, etag)).status).toBe(200);
  });
});
