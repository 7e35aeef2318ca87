import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { badge, clubWith, directRow, dm } from "./message-requests.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

const requests = (user: { token: string }) =>
  t.request("GET", "/api/messages/requests", { token: user.token });

describe("a stranger's messages are a request", () => {
  test("the recipient reads it, the badge rises, it is flagged as a request, the sender learns nothing of reading", async () => {
    const stranger = await createQuickUser(t);
    const student = await createQuickUser(t);
    await t.sql`update users set school = 'Colegio Centroamérica' where id = ${stranger.id}`;
    const before = await badge(t, student);

    const sent = await dm(t, stranger, student, "hola, ¿te acuerdas de mí?");
    expect(sent.status).toBe(201);
    const [stored] = await t.sql<{ sent_as_request: boolean }[]>`
      select sent_as_request from messages where id = ${sent.body.id}`;
    expect(stored!.sent_as_request).toBe(true);

    expect(await badge(t, student)).toBe(before + 1);
    const row = await directRow(t, student, stranger.id);
    expect(row).toMatchObject({ request: true, awaiting_acceptance: false, unread_count: 1 });
    const own = await directRow(t, stranger, student.id);
    expect(own).toMatchObject({ request: false, awaiting_acceptance: true });

    const listed = await requests(student);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        user_id: stranger.id,
        username: stranger.username,
        display_name: `${stranger.firstName} ${stranger.lastName}`,
        school: "Colegio Centroamérica",
        shared_clubs: [],
        message_count: 1,
        unread_count: 1,
        last_message_content: "hola, ¿te acuerdas de mí?",
      }),
    ]);
    expect((await requests(stranger)).body).toEqual([]);

    // The sender's view before and after the recipient reads is the same, byte for byte.
    const senderBefore = await t.request("GET", `/api/messages/user/${student.id}`, {
      token: stranger.token,
    });
    const read = await t.request("GET", `/api/messages/user/${stranger.id}`, { token: student.token });
    expect(read.status).toBe(200);
    expect(read.body.map((x: { content: string }) => x.content)).toEqual(["hola, ¿te acuerdas de mí?"]);
    expect(await badge(t, student)).toBe(before);
    const senderAfter = await t.request("GET", `/api/messages/user/${student.id}`, { token: stranger.token });
    expect(senderAfter.body).toEqual(senderBefore.body);
    expect(senderAfter.headers.get("etag")).toBe(senderBefore.headers.get("etag"));
    expect(await directRow(t, stranger, student.id)).toEqual(own);
  });

  test("a fourth unaccepted message is refused; accepting lifts the limit and ends the request", async () => {
    const stranger = await createQuickUser(t);
    const student = await createQuickUser(t);
    for (const n of [1, 2, 3]) expect((await dm(t, stranger, student, `mensaje ${n}`)).status).toBe(201);
    const fourth = await dm(t, stranger, student, "mensaje 4");
    expect(fourth.status).toBe(403);
    expect(fourth.body.detail).toBe(
      `${student.firstName} ${student.lastName} hasn't accepted your message request yet. You can send more messages once they accept it.`,
    );
    const n = (
      await t.sql<{ n: number }[]>`
      select count(*)::int as n from messages where sender_id = ${stranger.id}`
    )[0]!.n;
    expect(n).toBe(3);

    const accepted = await t.request("POST", `/api/messages/requests/${stranger.id}/accept`, {
      token: student.token,
    });
    expect(accepted.status).toBe(204);
    expect(await directRow(t, student, stranger.id)).toMatchObject({ request: false });
    expect(await directRow(t, stranger, student.id)).toMatchObject({ awaiting_acceptance: false });
    expect((await requests(student)).body).toEqual([]);
    for (const n of [4, 5]) {
      const res = await dm(t, stranger, student, `mensaje ${n}`);
      expect(res.status).toBe(201);
      const [row] = await t.sql<
        { sent_as_request: boolean }[]
      >`select sent_as_request from messages where id = ${res.body.id}`;
      expect(row!.sent_as_request).toBe(false);
    }
    // Accepting twice: there is no request left to accept.
    const again = await t.request("POST", `/api/messages/requests/${stranger.id}/accept`, {
      token: student.token,
    });
    expect(again.status).toBe(404);
  });

  test("replying to a request accepts it", async () => {
    const stranger = await createQuickUser(t);
    const student = await createQuickUser(t);
    await dm(t, stranger, student, "hola");
    expect((await dm(t, student, stranger, "hola, ¿quién eres?")).status).toBe(201);
    expect(await directRow(t, student, stranger.id)).toMatchObject({ request: false });
    for (const n of [1, 2, 3, 4]) expect((await dm(t, stranger, student, `sigo ${n}`)).status).toBe(201);
  });

  test("members of a shared club, and an owner with a member of their club, skip requests", async () => {
    const a = await createQuickUser(t);
    const b = await createQuickUser(t);
    const owner = await createQuickUser(t, { role: "owner" });
    await clubWith(t, owner.id, [a.id, b.id]);
    for (const n of [1, 2, 3, 4]) expect((await dm(t, a, b, `hola ${n}`)).status).toBe(201);
    expect(await directRow(t, b, a.id)).toMatchObject({ request: false });
    expect(await directRow(t, a, b.id)).toMatchObject({ awaiting_acceptance: false });
    for (const n of [1, 2, 3, 4]) expect((await dm(t, owner, b, `aviso ${n}`)).status).toBe(201);
    expect(await directRow(t, b, owner.id)).toMatchObject({ request: false });
    expect((await requests(b)).body).toEqual([]);
    const n = (
      await t.sql<{ n: number }[]>`
      select count(*)::int as n from messages where recipient_id = ${b.id} and sent_as_request`
    )[0]!.n;
    expect(n).toBe(0);
  });

  test("admins write without a request and without a limit", async () => {
    const admin = await createQuickUser(t, { role: "admin" });
    const student = await createQuickUser(t);
    for (const n of [1, 2, 3, 4]) expect((await dm(t, admin, student, `aviso ${n}`)).status).toBe(201);
    expect(await directRow(t, student, admin.id)).toMatchObject({ request: false });
  });
});

describe("deleting and blocking a request", () => {
  test("delete: the request leaves the recipient's list, badge and thread; the sender sees no change", async () => {
    const stranger = await createQuickUser(t);
    const student = await createQuickUser(t);
    await dm(t, stranger, student, "uno");
    await dm(t, stranger, student, "dos");
    const senderThread = await t.request("GET", `/api/messages/user/${student.id}`, {
      token: stranger.token,
    });
    const before = await badge(t, student);
    expect(before).toBeGreaterThanOrEqual(2);

    const deleted = await t.request("DELETE", `/api/messages/requests/${stranger.id}`, {
      token: student.token,
    });
    expect(deleted.status).toBe(204);
    expect(await badge(t, student)).toBe(before - 2);
    expect(await directRow(t, student, stranger.id)).toBeUndefined();
    expect((await requests(student)).body).toEqual([]);
    const thread = await t.request("GET", `/api/messages/user/${stranger.id}`, { token: student.token });
    expect(thread.body).toEqual([]);
    const senderAfter = await t.request("GET", `/api/messages/user/${student.id}`, { token: stranger.token });
    expect(senderAfter.body).toEqual(senderThread.body);
    expect(await directRow(t, stranger, student.id)).toMatchObject({ awaiting_acceptance: true });

    // The limit still counts what was sent: one more arrives as a new request, a fourth is refused.
    expect((await dm(t, stranger, student, "tres")).status).toBe(201);
    const listed = (await requests(student)).body;
    expect(listed).toEqual([
      expect.objectContaining({ user_id: stranger.id, message_count: 1, last_message_content: "tres" }),
    ]);
    const reread = await t.request("GET", `/api/messages/user/${stranger.id}`, { token: student.token });
    expect(reread.body.map((x: { content: string }) => x.content)).toEqual(["tres"]);
    expect((await dm(t, stranger, student, "cuatro")).status).toBe(403);
  });

  test("block: the request disappears and the stranger cannot write any more", async () => {
    const stranger = await createQuickUser(t);
    const student = await createQuickUser(t);
    await dm(t, stranger, student, "hola");
    const before = await badge(t, student);
    expect((await t.request("PUT", `/api/blocks/${stranger.id}`, { token: student.token })).status).toBe(204);
    expect((await requests(student)).body).toEqual([]);
    expect(await directRow(t, student, stranger.id)).toBeUndefined();
    expect(await badge(t, student)).toBe(before - 1);
    const refused = await dm(t, stranger, student, "¿por qué no contestas?");
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("You can't send messages to this person.");
  });

  test("accept and delete need a pending request from that person to the caller", async () => {
    const stranger = await createQuickUser(t);
    const student = await createQuickUser(t);
    await dm(t, stranger, student, "hola");
    // The sender cannot accept their own request.
    const own = await t.request("POST", `/api/messages/requests/${student.id}/accept`, {
      token: stranger.token,
    });
    expect(own.status).toBe(404);
    expect(own.body.detail).toBe("There is no message request from this person.");
    expect(
      (await t.request("DELETE", `/api/messages/requests/${student.id}`, { token: stranger.token })).status,
    ).toBe(404);
    expect(
      (await t.request("DELETE", "/api/messages/requests/999999", { token: student.token })).status,
    ).toBe(404);
    expect(
      (await t.request("POST", "/api/messages/requests/abc/accept", { token: student.token })).status,
    ).toBe(422);
    expect(await directRow(t, student, stranger.id)).toMatchObject({ request: true });
  });
});
