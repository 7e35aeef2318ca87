import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { club, profiled, send } from "../connections/connection.fixtures";
import { decryptPush, verifyVapid } from "./browser-keys.fixtures";
import { setQuietHours, subscribeBrowser, waitUntil } from "./push.fixtures";
import { type PushJob, sendQueuedPush } from "./push-jobs";
import { makeTestCa, type PushService, startPushService } from "./push-service.fixtures";
import { queuePush } from "./queue-push.fixtures";

/** The queue's name as pg-boss stores it (push-jobs.ts), spelled out: a rename would strand waiting jobs. */
const PUSH_QUEUE = "push-send";

setDefaultTimeout(60_000);

let t: TestApp;
let service: PushService;
beforeAll(async () => {
  const tls = await makeTestCa();
  service = await startPushService(tls);
  t = await setupTestApp(
    {
      PUSH_ENDPOINT_ALLOWLIST: "127.0.0.1",
      VAPID_SUBJECT: "mailto:push@clubnica.test",
    },
    { jobs: true, mail: true },
  );
  // The test's own CA, trusted for push only (Bun reads NODE_EXTRA_CA_CERTS at start-up only).
  t.deps.config.PUSH_CA_FILE = tls.caFile;
}, 60_000);
afterAll(async () => {
  await t.close();
  service.stop();
});

const subscriptionCount = async (endpoint: string) =>
  (
    await t.sql<
      { n: number }[]
    >`select count(*)::int as n from push_subscriptions where endpoint = ${endpoint}`
  )[0]!.n;

describe("a push from the queue to the browser", () => {
  test("an accepted join request arrives encrypted (RFC 8291) and VAPID-signed (RFC 8292)", async () => {
    const owner = await profiled(t, "owner");
    const member = await profiled(t);
    const clubId = await club(t, owner, { name: "Club de Ajedrez León" });
    const browser = await subscribeBrowser(t, member, service);
    expect((await setQuietHours(t, member, null)).status).toBe(200);
    const request = await send(t, member, clubId);
    const accepted = await t.request("POST", `/api/connection-requests/${request.body.id}/accept`, {
      token: owner.token,
    });
    expect(accepted.status).toBe(200);

    const push = await service.next();
    expect(push.path).toBe(browser.path);
    expect(push.headers.get("content-encoding")).toBe("aes128gcm");
    expect(Number(push.headers.get("ttl"))).toBeGreaterThan(0);
    expect(JSON.parse(decryptPush(browser.keys, push.body))).toEqual({
      title: "You're in! Club de Ajedrez León accepted your request.",
      body: "Open the club to see its posts and chat.",
      path: `/clubs/${clubId}`,
      tag: `club-${clubId}-request`,
      icon: "/icons/icon-192.png",
      kind: "request_accepted",
      club_id: clubId,
    });

    const { public_key } = (await t.request("GET", "/api/push/vapid-public-key")).body;
    expect(Buffer.from(public_key, "base64url")).toHaveLength(65);
    const claims = verifyVapid(push.headers.get("authorization"), public_key);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe("mailto:push@clubnica.test");
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
  });

  test("a declined request is pushed in the recipient's language; the key pair stays the same", async () => {
    const owner = await profiled(t, "owner");
    const member = await profiled(t);
    await t.sql`update users set locale = 'es' where id = ${member.id}`;
    const clubId = await club(t, owner, { name: "Club de Robótica" });
    const browser = await subscribeBrowser(t, member, service);
    await setQuietHours(t, member, null);
    const request = await send(t, member, clubId);
    const keyBefore = (await t.request("GET", "/api/push/vapid-public-key")).body.public_key;
    expect(
      (await t.request("DELETE", `/api/connection-requests/${request.body.id}`, { token: owner.token }))
        .status,
    ).toBe(200);
    const push = await service.next();
    const payload = JSON.parse(decryptPush(browser.keys, push.body));
    expect(payload).toMatchObject({ title: "Club de Robótica rechazó tu solicitud", path: "/clubs" });
    expect(verifyVapid(push.headers.get("authorization"), keyBefore).aud).toBe(service.origin);
    expect((await t.sql`select count(*)::int as n from vapid_keys`)[0]!.n).toBe(1);
  });

  test("a 410 from the push service deletes the subscription", async () => {
    const user = await createQuickUser(t);
    await setQuietHours(t, user, null);
    const browser = await subscribeBrowser(t, user, service);
    service.answer(browser.path, 410);
    const outcome = await queuePush(t.deps, user.id, {
      title: "t",
      body: "b",
      path: "/",
      tag: "x",
      kind: "test",
    });
    expect(outcome).toBe("queued");
    expect((await service.next()).path).toBe(browser.path);
    await waitUntil(async () => (await subscriptionCount(browser.endpoint)) === 0);
  });

  test("a 500 is retried by the queue; the subscription stays", async () => {
    const user = await createQuickUser(t);
    await setQuietHours(t, user, null);
    const browser = await subscribeBrowser(t, user, service);
    service.answer(browser.path, 503);
    await queuePush(t.deps, user.id, { title: "t", body: "b", path: "/", tag: "x", kind: "test" });
    expect((await service.next()).path).toBe(browser.path);
    await waitUntil(async () => {
      const rows = await t.sql<{ state: string; retry_count: number }[]>`
        select state, retry_count from pgboss.job
        where name = ${PUSH_QUEUE} and data->>'subscriptionId' = (
          select id::text from push_subscriptions where endpoint = ${browser.endpoint})`;
      return rows[0]?.state === "retry";
    });
    expect(await subscriptionCount(browser.endpoint)).toBe(1);
  });

  test("at send time the endpoint is checked again: a host no longer allowed gets nothing", async () => {
    const user = await createQuickUser(t);
    const browser = await subscribeBrowser(t, user, service);
    const [row] = await t.sql<
      { id: number }[]
    >`select id from push_subscriptions where endpoint = ${browser.endpoint}`;
    const before = service.received.length;
    const strict = { ...t.deps, config: { ...t.deps.config, PUSH_ENDPOINT_ALLOWLIST: [] } };
    const job: PushJob = {
      subscriptionId: row!.id,
      payload: "{}",
      queuedAt: new Date().toISOString(),
      key: `test:${crypto.randomUUID()}`,
    };
    await sendQueuedPush(strict, job);
    expect(service.received.length).toBe(before);
    // The same job with the host allowed is delivered: the refusal above was the address rule.
    await sendQueuedPush(t.deps, job);
    expect(service.received.length).toBe(before + 1);
  });

  test("a push job run again (retried after its worker was killed) sends nothing twice", async () => {
    const user = await createQuickUser(t);
    const browser = await subscribeBrowser(t, user, service);
    const [row] = await t.sql<
      { id: number }[]
    >`select id from push_subscriptions where endpoint = ${browser.endpoint}`;
    const job: PushJob = {
      subscriptionId: row!.id,
      payload: "{}",
      queuedAt: new Date().toISOString(),
      key: `test:${crypto.randomUUID()}`,
    };
    await sendQueuedPush(t.deps, job);
    // pg-boss hands the same job out again when its worker died before completing it.
    await sendQueuedPush(t.deps, job);
    expect(service.received.filter((push) => push.path === browser.path)).toHaveLength(1);
    const recorded = await t.sql`select 1 from push_deliveries where subscription_id = ${row!.id}`;
    expect(recorded).toHaveLength(1);
  });

  test("TLS is verified: without the test CA the push fails (and would be retried)", async () => {
    const user = await createQuickUser(t);
    const browser = await subscribeBrowser(t, user, service);
    const [row] = await t.sql<
      { id: number }[]
    >`select id from push_subscriptions where endpoint = ${browser.endpoint}`;
    const before = service.received.length;
    const untrusting = { ...t.deps, config: { ...t.deps.config, PUSH_CA_FILE: undefined } };
    const job: PushJob = {
      subscriptionId: row!.id,
      payload: "{}",
      queuedAt: new Date().toISOString(),
      key: `test:${crypto.randomUUID()}`,
    };
    await expect(sendQueuedPush(untrusting, job)).rejects.toThrow();
    expect(service.received.length).toBe(before);
  });
});
