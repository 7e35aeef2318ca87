import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { callFrom } from "../../../test/socket-client";
import { createQuickUser } from "../clubs/user.fixtures";
import { makeBrowserKeys } from "./browser-keys.fixtures";

setDefaultTimeout(60_000);

/**
 * Issue 46, items 8 and 9, as the audit did them: over a real socket, each person from their
 * own client address. A known endpoint posted by another account must not move the owner's
 * subscription; an address guard must refuse IPv4 hidden in IPv6.
 */
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await setupTestApp({ PUSH_ENDPOINT_ALLOWLIST: "127.0.0.2:8443" });
  baseUrl = t.listen();
});
afterAll(async () => {
  await t.close();
});

const PATH = "/api/push/subscriptions";
const subscription = (endpoint: string, keys = makeBrowserKeys()) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: keys.p256dh, auth: keys.auth },
});

describe("push subscriptions over a real socket", () => {
  test("posting someone else's endpoint is refused with 409 and their browser keeps receiving", async () => {
    const [victim, attacker] = [await createQuickUser(t), await createQuickUser(t)];
    const endpoint = "https://127.0.0.2:8443/push/victim-browser";
    const victimKeys = makeBrowserKeys();
    const saved = await callFrom(baseUrl, "POST", PATH, {
      from: "127.0.0.3",
      token: victim.token,
      json: subscription(endpoint, victimKeys),
    });
    expect(saved.status).toBe(201);
    const takeover = await callFrom(baseUrl, "POST", PATH, {
      from: "127.0.0.4",
      token: attacker.token,
      json: subscription(endpoint),
    });
    expect(takeover.status).toBe(409);
    expect(takeover.body.detail).toBe(
      "This push endpoint belongs to another account. Turn push off and on again in this browser to get a new one.",
    );
    const inSpanish = await callFrom(baseUrl, "POST", PATH, {
      from: "127.0.0.4",
      token: attacker.token,
      json: subscription(endpoint),
      headers: { "accept-language": "es" },
    });
    expect(inSpanish.status).toBe(409);
    expect(inSpanish.body.detail).toContain("Desactivá");
    const rows =
      await t.sql`select user_id, p256dh, auth from push_subscriptions where endpoint = ${endpoint}`;
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { user_id: victim.id, p256dh: victimKeys.p256dh, auth: victimKeys.auth },
    ]);
  });

  test.each([
    "https://[::127.0.0.1]/x",
    "https://[::7f00:1]/x",
    "https://[::10.0.0.1]/x",
    "https://[::169.254.169.254]/latest",
    "https://[64:ff9b::7f00:1]/x",
    "https://[2002:a9fe:a9fe::1]/x",
    "https://[::ffff:127.0.0.1]/x",
    "https://192.88.99.1/x",
    "https://255.255.255.255/x",
  ])("%s is refused with 422 and nothing is saved", async (endpoint) => {
    const u = await createQuickUser(t);
    const res = await callFrom(baseUrl, "POST", PATH, {
      from: "127.0.0.5",
      token: u.token,
      json: subscription(endpoint),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      {
        loc: ["body", "endpoint"],
        msg: "This push endpoint is not on a public address, so ClubNica will not send to it.",
      },
    ]);
    expect((await t.sql`select 1 from push_subscriptions where user_id = ${u.id}`).length).toBe(0);
  });
});
