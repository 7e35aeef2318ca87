import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { makeBrowserKeys } from "./browser-keys.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp(
    { PUSH_ENDPOINT_ALLOWLIST: "127.0.0.2:8443, push.internal" },
    { jobs: true, mail: true },
  );
}, 60_000);
afterAll(() => t.close());

const PATH = "/api/push/subscriptions";
const keys = makeBrowserKeys();
const subscription = (endpoint: string, extra: Record<string, string> = {}) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: keys.p256dh, auth: keys.auth, ...extra },
});
const storedEndpoints = async (userId: number) =>
  (await t.sql`select endpoint from push_subscriptions where user_id = ${userId} order by id`).map(
    (row) => row.endpoint,
  );

const PRIVATE = "This push endpoint is not on a public address, so ClubNica will not send to it.";
const NOT_HTTPS = "The push endpoint must be an https address.";

describe("subscribing a browser", () => {
  test("the VAPID public key is public and stable", async () => {
    const first = await t.request("GET", "/api/push/vapid-public-key");
    expect(first.status).toBe(200);
    expect(first.body.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await t.request("GET", "/api/push/vapid-public-key")).body).toEqual(first.body);
  });

  test("guests get 401", async () => {
    expect((await t.request("POST", PATH, { json: subscription("https://127.0.0.2:8443/a") })).status).toBe(
      401,
    );
  });

  test("an allow-listed endpoint is saved; another account posting it gets 409 and the owner keeps it", async () => {
    const [a, b] = [await createQuickUser(t), await createQuickUser(t)];
    const endpoint = "https://127.0.0.2:8443/push/abc";
    expect((await t.request("POST", PATH, { token: a.token, json: subscription(endpoint) })).status).toBe(
      201,
    );
    expect((await t.request("POST", PATH, { token: a.token, json: subscription(endpoint) })).status).toBe(
      201,
    );
    expect(await storedEndpoints(a.id)).toEqual([endpoint]);
    const taken = await t.request("POST", PATH, { token: b.token, json: subscription(endpoint) });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(
      "This push endpoint belongs to another account. Turn push off and on again in this browser to get a new one.",
    );
    expect([await storedEndpoints(a.id), await storedEndpoints(b.id)]).toEqual([[endpoint], []]);
    // Unsubscribing someone else's endpoint does nothing; one's own removes it, and then the
    // endpoint is free for the next account on that browser.
    await t.request("DELETE", PATH, { token: b.token, json: { endpoint } });
    expect(await storedEndpoints(a.id)).toEqual([endpoint]);
    expect((await t.request("DELETE", PATH, { token: a.token, json: { endpoint } })).body).toEqual({
      ok: true,
    });
    expect(await storedEndpoints(a.id)).toEqual([]);
    expect((await t.request("POST", PATH, { token: b.token, json: subscription(endpoint) })).status).toBe(
      201,
    );
    expect(await storedEndpoints(b.id)).toEqual([endpoint]);
  });

  test.each([
    ["http://127.0.0.2:8443/push", NOT_HTTPS],
    ["ftp://push.example/x", NOT_HTTPS],
    ["not a url", NOT_HTTPS],
    ["https://user:pw@127.0.0.2:8443/push", NOT_HTTPS],
    ["https://127.0.0.1/push", PRIVATE],
    ["https://127.0.0.2:9999/push", PRIVATE],
    ["https://localhost/push", PRIVATE],
    ["https://10.1.2.3/push", PRIVATE],
    ["https://192.168.1.10/push", PRIVATE],
    ["https://169.254.169.254/latest", PRIVATE],
    ["https://100.64.0.1/push", PRIVATE],
    ["https://[::1]/push", PRIVATE],
    ["https://[fd12:3456::1]/push", PRIVATE],
    ["https://[fe80::1]/push", PRIVATE],
    ["https://[::ffff:127.0.0.1]/push", PRIVATE],
    ["https://[::ffff:8.8.8.8]/push", PRIVATE],
    ["https://[::127.0.0.1]/x", PRIVATE],
    ["https://[64:ff9b::10.0.0.1]/x", PRIVATE],
    ["https://[2002:7f00:1::1]/x", PRIVATE],
    ["https://no-such-host.invalid/push", "The push endpoint's host name could not be found."],
  ])("%s is refused with 422 and a detail", async (endpoint, msg) => {
    const u = await createQuickUser(t);
    const res = await t.request("POST", PATH, { token: u.token, json: subscription(endpoint) });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc: ["body", "endpoint"], msg }]);
    expect(await storedEndpoints(u.id)).toEqual([]);
  });

  test("bad keys are 422 with details", async () => {
    const u = await createQuickUser(t);
    const endpoint = "https://127.0.0.2:8443/k";
    const short = await t.request("POST", PATH, {
      token: u.token,
      json: subscription(endpoint, { p256dh: Buffer.alloc(33, 2).toString("base64url") }),
    });
    expect(short.status).toBe(422);
    expect(short.body.detail).toEqual([
      {
        loc: ["body", "keys", "p256dh"],
        msg: "The p256dh key must be an uncompressed P-256 public key (65 bytes).",
      },
    ]);
    const auth = await t.request("POST", PATH, {
      token: u.token,
      json: subscription(endpoint, { auth: "AAAA" }),
    });
    expect(auth.body.detail).toEqual([
      { loc: ["body", "keys", "auth"], msg: "The auth secret must be 16 bytes." },
    ]);
    const missing = await t.request("POST", PATH, { token: u.token, json: { endpoint } });
    expect(missing.status).toBe(422);
    expect(typeof missing.body.detail[0].msg).toBe("string");
    expect(await storedEndpoints(u.id)).toEqual([]);
  });

  test("the detail is in the caller's language", async () => {
    const u = await createQuickUser(t);
    const res = await t.request("POST", PATH, {
      token: u.token,
      json: subscription("http://push.example/x"),
      headers: { "accept-language": "es" },
    });
    expect(res.body.detail[0].msg).toBe("La dirección de notificaciones push debe ser https.");
  });
});
