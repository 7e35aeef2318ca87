import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { callFrom, type SocketCallOptions } from "../../../test/socket-client";
import { createQuickUser } from "../clubs/user.fixtures";
import { createClub } from "../posts/post.fixtures";
import { insertEvent } from "./event.fixtures";

// Real sign-ups, log-ins and password changes hash passwords (argon2id); leave room.
setDefaultTimeout(60_000);

/**
 * Issue 46, item 10: the private calendar feed (when and where a child's events are) kept
 * working after a password change. Over real sockets: the app listens on 127.0.0.1, the person
 * and their calendar app call it from 127.0.0.2.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await setupTestApp({ PUBLIC_URL: "https://clubnica.test" });
  base = t.listen();
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, path: string, options: Omit<SocketCallOptions, "from"> = {}) =>
  callFrom(base, method, path, { from: "127.0.0.2", ...options });

/** A person with a real password going to an event at a known place; their feed's path. */
async function personGoingToAnEvent() {
  const user = await t.createUser();
  const club = await createClub(t, null, "Club de Natación Granada");
  const event = await insertEvent(t, club, {
    title: "Entreno",
    location: "Piscina del Colegio Centroamérica",
  });
  const rsvp = await call("PUT", `/api/posts/${event.id}/rsvp`, {
    token: user.token,
    json: { status: "going" },
  });
  expect(rsvp.status).toBe(200);
  return user;
}

async function feedPath(token: string) {
  const res = await call("GET", "/api/users/me/calendar-feed", { token });
  expect(res.status).toBe(200);
  return new URL(res.body.url).pathname;
}

/** What a calendar app polling the address gets: the status, and whether it shows the place. */
async function poll(path: string) {
  const res = await call("GET", path);
  return { status: res.status, showsPlace: String(res.body).includes("Piscina del Colegio Centroam") };
}

describe("the private calendar feed's address", () => {
  test("stops working after a password change; the settings then give a new one that works", async () => {
    const user = await personGoingToAnEvent();
    const old = await feedPath(user.token);
    expect(await poll(old)).toEqual({ status: 200, showsPlace: true });

    const changed = await call("POST", "/api/account/password", {
      token: user.token,
      json: { current_password: user.password, new_password: "a-new-password-2026" },
    });
    expect(changed.status).toBe(200);

    const refused = await call("GET", old);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({
      detail: "This calendar link is not valid (it may have been replaced by a new one).",
    });
    const fresh = await feedPath(changed.body.access_token);
    expect(fresh).not.toBe(old);
    expect(await poll(fresh)).toEqual({ status: 200, showsPlace: true });
  });

  test("regenerating it from the settings ends the old address at once; the new one works", async () => {
    const user = await personGoingToAnEvent();
    const old = await feedPath(user.token);
    const renewed = await call("POST", "/api/users/me/calendar-feed", { token: user.token });
    expect(renewed.status).toBe(200);
    const fresh = new URL(renewed.body.url).pathname;
    expect(fresh).not.toBe(old);
    expect(await poll(old)).toEqual({ status: 404, showsPlace: false });
    expect(await poll(fresh)).toEqual({ status: 200, showsPlace: true });
    expect(await feedPath(user.token)).toBe(fresh);
  });

  test("an account being recovered (a reset code) ends the address and every push subscription too", async () => {
    const user = await personGoingToAnEvent();
    const old = await feedPath(user.token);
    await t.sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, session_hash)
      values (${user.id}, ${`https://push.example/${user.id}`}, 'k', 'a', 'a-session')`;
    const admin = await createQuickUser(t, { role: "admin" });
    const code = await call("POST", `/api/admin/users/${user.id}/reset-code`, { token: admin.token });
    expect(code.status).toBe(200);
    const reset = await call("POST", "/auth/password-reset/confirm", {
      json: { username_or_email: user.username, code: code.body.code, new_password: "recovered-2026" },
    });
    expect(reset.status).toBe(200);
    expect(await poll(old)).toEqual({ status: 404, showsPlace: false });
    const [left] = await t.sql<{ n: number }[]>`
      select count(*)::int as n from push_subscriptions where user_id = ${user.id}`;
    expect(left!.n).toBe(0);
  });

  test("a plain log-out keeps it: the address belongs to a calendar app, not to a browser session", async () => {
    const user = await personGoingToAnEvent();
    const browser = await call("POST", "/login", {
      form: { username: user.username, password: user.password },
    });
    const path = await feedPath(browser.body.access_token);
    expect((await call("POST", "/logout", { token: browser.body.access_token })).status).toBe(204);
    expect(await poll(path)).toEqual({ status: 200, showsPlace: true });
    expect(await feedPath(user.token)).toBe(path);
  });
});
