import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { callFrom, type SocketCallOptions } from "../../../test/socket-client";
import { tokenHash } from "../../lib/session-token";
import { createQuickUser } from "../clubs/user.fixtures";
import { club } from "../connections/connection.fixtures";
import { makeBrowserKeys } from "./browser-keys.fixtures";
import { waitUntil } from "./push.fixtures";
import { makeTestCa, type PushService, startPushService } from "./push-service.fixtures";
import { upsertOwnSubscription } from "./queries";

// Real sign-ups, log-ins and password changes hash passwords (argon2id); leave room.
setDefaultTimeout(60_000);

/**
 * Issue 46, item 5: pushes outlived a log-out. A shared school computer logs out (or its
 * person changes their password), and an accepted request was still pushed to it. Everything
 * here goes over real sockets: the app listens on 127.0.0.1, the person's browsers call it from
 * 127.0.0.2, and the pushes go to a local HTTPS push service.
 */
let t: TestApp;
let service: PushService;
let base: string;
beforeAll(async () => {
  const tls = await makeTestCa();
  service = await startPushService(tls);
  t = await setupTestApp(
    { PUSH_ENDPOINT_ALLOWLIST: "127.0.0.1", VAPID_SUBJECT: "mailto:push@clubnica.test" },
    { jobs: true, mail: true },
  );
  t.deps.pushTestCa = tls.ca;
  base = t.listen();
}, 60_000);
afterAll(async () => {
  await t.close();
  service.stop();
});

const call = (method: string, path: string, options: Omit<SocketCallOptions, "from"> = {}) =>
  callFrom(base, method, path, { from: "127.0.0.2", ...options });

/** A person with a real password and a profile (so they may send join requests). */
async function person() {
  const user = await t.createUser();
  await t.sql`update users set first_name = 'Ana', last_name = 'López',
    email = ${`${user.username}@example.test`} where id = ${user.id}`;
  // No quiet hours, or a push at night would wait for the morning summary.
  const quiet = await call("PUT", "/api/users/me/notification-settings", {
    token: user.token,
    json: { quiet_hours: null },
  });
  expect(quiet.status).toBe(200);
  return user;
}

async function logIn(username: string, password: string) {
  const res = await call("POST", "/login", { form: { username, password } });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

/** A browser (its own keys and endpoint at the push service) subscribed with `token`. */
async function subscribe(token: string) {
  const keys = makeBrowserKeys();
  const endpoint = `${service.origin}/push/${crypto.randomUUID()}`;
  const res = await call("POST", "/api/push/subscriptions", {
    token,
    json: { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
  expect(res.status).toBe(201);
  return { endpoint, path: new URL(endpoint).pathname };
}

const endpointsOf = async (userId: number) =>
  (
    await t.sql<{ endpoint: string }[]>`
      select endpoint from push_subscriptions where user_id = ${userId} order by id`
  ).map((row) => row.endpoint);

/** The club owner accepts `member`'s join request: the push the audit saw arrive. */
async function acceptRequest(member: { token: string }) {
  const owner = await createQuickUser(t, { role: "owner" });
  const clubId = await club(t, owner, { name: "Club de Robótica Estelí" });
  const sent = await call("POST", `/api/connection-requests?club_id=${clubId}`, { token: member.token });
  expect(sent.status).toBe(201);
  const accepted = await call("POST", `/api/connection-requests/${sent.body.id}/accept`, {
    token: owner.token,
  });
  expect(accepted.status).toBe(200);
}

/** Every push job queued so far has been sent or given up (waited on the queue's own rows). */
async function pushQueueSettled() {
  await waitUntil(async () => {
    const [row] = await t.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job
      where name like '%push%' and state in ('created', 'retry', 'active')`;
    return row!.n === 0;
  }, 30_000);
}

const pathsReceived = () => new Set(service.received.map((push) => push.path));

describe("push subscriptions end with the session that made them", () => {
  test("after POST /logout, an accepted request reaches the person's phone and not the logged-out computer", async () => {
    const member = await person();
    const schoolComputer = await logIn(member.username, member.password);
    const phone = await logIn(member.username, member.password);
    const computerBrowser = await subscribe(schoolComputer);
    const phoneBrowser = await subscribe(phone);

    expect((await call("POST", "/logout", { token: schoolComputer })).status).toBe(204);
    expect(await endpointsOf(member.id)).toEqual([phoneBrowser.endpoint]);

    await acceptRequest({ token: phone });
    while ((await service.next()).path !== phoneBrowser.path) {
      // Other tests' pushes may come first; the phone's arrives.
    }
    await pushQueueSettled();
    expect(pathsReceived().has(computerBrowser.path)).toBe(false);

    // The logged-out token cannot subscribe that browser again.
    const again = await call("POST", "/api/push/subscriptions", {
      token: schoolComputer,
      json: {
        endpoint: computerBrowser.endpoint,
        expirationTime: null,
        keys: { p256dh: makeBrowserKeys().p256dh, auth: makeBrowserKeys().auth },
      },
    });
    expect(again.status).toBe(401);
    expect(await endpointsOf(member.id)).toEqual([phoneBrowser.endpoint]);
  });

  test("a password change deletes every subscription of the person: no push reaches any old browser", async () => {
    const member = await person();
    const schoolComputer = await logIn(member.username, member.password);
    const phone = await logIn(member.username, member.password);
    const browsers = [await subscribe(schoolComputer), await subscribe(phone)];
    const other = await person();
    const othersBrowser = await subscribe(other.token);

    const changed = await call("POST", "/api/account/password", {
      token: phone,
      json: { current_password: member.password, new_password: "a-new-password-2026" },
    });
    expect(changed.status).toBe(200);
    expect(await endpointsOf(member.id)).toEqual([]);
    // Only this person's: someone else's browser keeps its pushes.
    expect(await endpointsOf(other.id)).toEqual([othersBrowser.endpoint]);

    // The device that changed it turns push on again with its new token: that browser gets the
    // accepted request, the old ones nothing.
    const fresh = await subscribe(changed.body.access_token);
    expect(await endpointsOf(member.id)).toEqual([fresh.endpoint]);
    await acceptRequest({ token: changed.body.access_token });
    while ((await service.next()).path !== fresh.path) {
      // Other tests' pushes may come first; the fresh browser's arrives.
    }
    await pushQueueSettled();
    for (const browser of browsers) expect(pathsReceived().has(browser.path)).toBe(false);
  });

  test("signing out everywhere deletes every subscription and the calendar address; this device stays signed in", async () => {
    const member = await person();
    const schoolComputer = await logIn(member.username, member.password);
    const phone = await logIn(member.username, member.password);
    const computerBrowser = await subscribe(schoolComputer);
    await subscribe(phone);
    const feed = await call("GET", "/api/users/me/calendar-feed", { token: phone });
    const feedPath = new URL(feed.body.url).pathname;
    expect((await call("GET", feedPath)).status).toBe(200);

    const out = await call("POST", "/api/account/sign-out-everywhere", { token: phone });
    expect(out.status).toBe(200);
    expect(out.body.detail).toBe(
      "You were signed out on every other device. Their notifications stopped, and your calendar has a new address.",
    );
    expect(await endpointsOf(member.id)).toEqual([]);
    expect((await call("GET", feedPath)).status).toBe(404);
    for (const old of [schoolComputer, phone])
      expect((await call("GET", "/api/users/me", { token: old })).status).toBe(401);
    const here = out.body.access_token as string;
    expect((await call("GET", "/api/users/me", { token: here })).status).toBe(200);

    // This device turns push on again; the accepted request reaches it and not the computer.
    const fresh = await subscribe(here);
    await acceptRequest({ token: here });
    while ((await service.next()).path !== fresh.path) {
      // Other tests' pushes may come first; this device's arrives.
    }
    await pushQueueSettled();
    expect(pathsReceived().has(computerBrowser.path)).toBe(false);
    expect((await call("POST", "/api/account/sign-out-everywhere")).status).toBe(401);
  });

  test("a log-out also ends the person's subscriptions that no session owns (made before sessions were recorded)", async () => {
    const member = await person();
    const token = await logIn(member.username, member.password);
    const kept = await person();
    await t.sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values
      (${member.id}, ${`${service.origin}/push/legacy-${member.id}`}, 'k', 'a'),
      (${kept.id}, ${`${service.origin}/push/legacy-${kept.id}`}, 'k', 'a')`;
    expect((await call("POST", "/logout", { token })).status).toBe(204);
    expect(await endpointsOf(member.id)).toEqual([]);
    expect(await endpointsOf(kept.id)).toEqual([`${service.origin}/push/legacy-${kept.id}`]);
  });

  test("a subscription is saved only while its session lives (a log-out or password change during the request)", async () => {
    const member = await person();
    const token = await logIn(member.username, member.password);
    const row = (endpoint: string, version: number) => ({
      userId: member.id,
      endpoint: `${service.origin}/push/${endpoint}`,
      p256dh: "k",
      auth: "a",
      session: { hash: tokenHash(token), version },
    });
    // An older token version: the password changed after the request was authenticated.
    expect(await upsertOwnSubscription(t.db, row("stale-version", 1))).toBe("session-ended");
    expect(await upsertOwnSubscription(t.db, row("live", 0))).toBe("saved");
    expect((await call("POST", "/logout", { token })).status).toBe(204);
    // The token was revoked after the request was authenticated.
    expect(await upsertOwnSubscription(t.db, row("after-logout", 0))).toBe("session-ended");
    expect(await endpointsOf(member.id)).toEqual([]);
  });
});
