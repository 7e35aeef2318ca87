import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { callFrom } from "../../../test/socket-client";
import { createClubAs } from "../clubs/club.fixtures";
import { listPendingRequests } from "../digest/digest.fixtures";
import { profiled } from "./connection.fixtures";

setDefaultTimeout(60_000);

/**
 * Issue 46, item 7, as the audit did it over real sockets: a person the club's owner blocked
 * kept reaching the owner through join requests with free-text answers (withdraw, ask again:
 * 5 went through). Now the request is refused like a direct message to them (403, a neutral
 * detail), and a request sent before the block no longer shows its answers, badge or digest line.
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

const ANSWERS = ["Décimo", "Quiero hablar con vos, desbloqueame"];

describe("blocks apply to join requests and their answers", () => {
  test("withdrawing and asking again never reaches the owner who blocked the person", async () => {
    const owner = await profiled(t, "owner");
    const pest = await profiled(t);
    const club = await createClubAs(t, owner, {
      join_questions: JSON.stringify(["¿En qué grado estás?", "¿Por qué querés unirte?"]),
    });
    const ask = (headers: Record<string, string> = {}) =>
      callFrom(baseUrl, "POST", `/api/connection-requests?club_id=${club.id}`, {
        from: "127.0.0.8",
        token: pest.token,
        json: { answers: ANSWERS },
        headers,
      });
    const received = async () =>
      (
        await callFrom(baseUrl, "GET", "/api/connection-requests/received", {
          from: "127.0.0.9",
          token: owner.token,
        })
      ).body as { user_id: number; answers: unknown[] }[];
    const pendingBadge = async () =>
      (
        await callFrom(baseUrl, "GET", "/api/notifications/notices/count", {
          from: "127.0.0.9",
          token: owner.token,
        })
      ).body.join_requests as number;

    // Before the block: a request with answers reaches the owner.
    const first = await ask();
    expect(first.status).toBe(201);
    expect((await received()).map((r) => r.user_id)).toEqual([pest.id]);
    expect(await pendingBadge()).toBe(1);

    const blocked = await callFrom(baseUrl, "PUT", `/api/blocks/${pest.id}`, {
      from: "127.0.0.9",
      token: owner.token,
    });
    expect(blocked.status).toBeLessThan(300);
    // The request sent before the block: its answers and its badge are gone for the owner.
    expect(await received()).toEqual([]);
    expect(await pendingBadge()).toBe(0);
    // Still there for the sender (their "sent" list), but not in the owner's e-mail digest.
    expect(await t.sql`select id from connection_requests where user_id = ${pest.id}`).toHaveLength(1);
    expect(await listPendingRequests(t.db, owner.id)).toEqual([]);

    const withdrawn = await callFrom(baseUrl, "DELETE", `/api/connection-requests/${first.body.id}`, {
      from: "127.0.0.8",
      token: pest.token,
    });
    expect(withdrawn.status).toBe(200);
    const noticesBefore = await t.sql`select id from user_notices where user_id = ${owner.id}`;
    for (let i = 0; i < 5; i++) {
      const again = await ask();
      expect({ status: again.status, detail: again.body.detail }).toEqual({
        status: 403,
        detail: "You can't ask to join this club.",
      });
    }
    const inSpanish = await ask({ "accept-language": "es" });
    expect(inSpanish.body.detail).toBe("No podés pedir unirte a este club.");
    expect(await t.sql`select id from connection_requests where user_id = ${pest.id}`).toHaveLength(0);
    expect(await t.sql`select id from user_notices where user_id = ${owner.id}`).toHaveLength(
      noticesBefore.length,
    );
    expect(await received()).toEqual([]);

    // Unblocking restores it, as with direct messages.
    await callFrom(baseUrl, "DELETE", `/api/blocks/${pest.id}`, { from: "127.0.0.9", token: owner.token });
    expect((await ask()).status).toBe(201);
    expect((await received()).map((r) => ({ user: r.user_id, answers: r.answers.length }))).toEqual([
      { user: pest.id, answers: 2 },
    ]);
  });
});
