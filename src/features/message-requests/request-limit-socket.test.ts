import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { callFrom } from "../../../test/socket-client";
import { createQuickUser } from "../clubs/user.fixtures";

setDefaultTimeout(60_000);

/**
 * Issue 46, item 1, as the audit did it over real sockets: a stranger sends 3, deletes each
 * (DELETE /api/messages/{id}), sends 3 more, five times. The limit counted the request messages
 * that still existed, so 15 reached a student who shares no club with the sender. The limit is
 * now a ledger of sends: 3 arrive, every later one is a 403.
 */
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await setupTestApp();
  baseUrl = t.listen();
});
afterAll(async () => {
  await t.close();
});

describe("a stranger's 3-message limit over a real socket", () => {
  test("sending, deleting and sending again five times delivers 3 messages, not 15", async () => {
    const stranger = await createQuickUser(t);
    const student = await createQuickUser(t);
    const send = (content: string) =>
      callFrom(baseUrl, "POST", `/api/messages/user/${student.id}`, {
        from: "127.0.0.6",
        token: stranger.token,
        json: { content },
      });
    const statuses: number[] = [];
    let refusal: unknown = null;
    for (let cycle = 0; cycle < 5; cycle++) {
      const sent: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await send(`mensaje ${cycle}.${i}`);
        statuses.push(res.status);
        if (res.status === 201) sent.push(res.body.id);
        else refusal ??= res.body.detail;
      }
      for (const id of sent) {
        const deleted = await callFrom(baseUrl, "DELETE", `/api/messages/${id}`, {
          from: "127.0.0.6",
          token: stranger.token,
        });
        expect(deleted.status).toBeLessThan(300);
      }
    }
    expect(statuses.filter((s) => s === 201).length).toBe(3);
    expect(statuses.slice(3).every((s) => s === 403)).toBe(true);
    expect(refusal).toBe(
      "Ana López hasn't accepted your message request yet. You can send more messages once they accept it.",
    );
    const [ledger] = await t.sql<{ request_messages_sent: number }[]>`
      select request_messages_sent from message_requests
      where sender_id = ${stranger.id} and recipient_id = ${student.id}`;
    expect(ledger?.request_messages_sent).toBe(3);

    // Accepting lifts the limit for good; the ledger no longer matters.
    const accepted = await callFrom(baseUrl, "POST", `/api/messages/requests/${stranger.id}/accept`, {
      from: "127.0.0.7",
      token: student.token,
    });
    expect(accepted.status).toBeLessThan(300);
    expect((await send("ya nos aceptamos")).status).toBe(201);
  });
});
