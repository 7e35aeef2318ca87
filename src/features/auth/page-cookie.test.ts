import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";

// Real sign-ups and log-ins hash passwords (argon2id); leave room for a busy machine.
setDefaultTimeout(60_000);

/**
 * The page cookie (issue 50, src/lib/session-cookie.ts): set beside the spec's token by every
 * answer that hands one out, removed at log-out, and never a way into the API.
 */
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

/** The `session` Set-Cookie line of a response, else undefined. */
const pageCookieOf = (headers: Headers) => headers.getSetCookie().find((line) => line.startsWith("session="));
const cookieHeader = (token: string) => ({ cookie: `session=${token}` });

describe("the page cookie", () => {
  test("a log-in sets it to the token it answers with, HttpOnly, SameSite=Lax, for the whole site, as long as the token", async () => {
    const user = await t.createUser();
    const res = await t.request("POST", "/login", {
      form: { username: user.username, password: user.password },
    });
    expect(res.status).toBe(200);
    const cookie = pageCookieOf(res.headers);
    expect(cookie).toBe(
      `session=${res.body.access_token}; Path=/; Max-Age=${t.deps.config.JWT_TTL}; HttpOnly; SameSite=Lax`,
    );
    // The device cookie is still there beside it.
    expect(res.headers.getSetCookie().some((line) => line.startsWith("device_"))).toBe(true);
    // The spec's answer is unchanged.
    expect(Object.keys(res.body).sort()).toEqual(["access_token", "token_type"]);
  });

  test("a password change sets it to the new token", async () => {
    const user = await t.createUser();
    const res = await t.request("POST", "/api/account/password", {
      token: user.token,
      json: { current_password: user.password, new_password: "another-horse-battery" },
    });
    expect(res.status).toBe(200);
    expect(pageCookieOf(res.headers)).toStartWith(`session=${res.body.access_token}; Path=/;`);
  });

  test("POST /logout removes it (an expired Set-Cookie)", async () => {
    const user = await t.createUser();
    const res = await t.request("POST", "/logout", { token: user.token });
    expect(res.status).toBe(204);
    expect(pageCookieOf(res.headers)).toBe("session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });

  test("never authorises an API call: reads and writes with only the cookie are 401", async () => {
    const user = await t.createUser();
    const headers = cookieHeader(user.token);
    const calls: [string, string, Record<string, unknown>][] = [
      ["GET", "/api/users/me", {}],
      ["GET", "/api/posts/feed", {}],
      ["PUT", "/api/users/me/locale", { json: { locale: "es" } }],
      ["POST", "/api/users/me/calendar-feed", {}],
      ["DELETE", "/api/blocks/1", {}],
      ["POST", "/logout", {}],
      ["PUT", "/session/cookie", {}],
    ];
    for (const [method, path, options] of calls) {
      const res = await t.request(method, path, { ...options, headers });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
    }
    // The same token as a bearer token works: the cookie alone is what is refused.
    expect((await t.request("GET", "/api/users/me", { token: user.token })).status).toBe(200);
  });

  test("PUT /session/cookie sets it from the bearer token; DELETE removes it without one", async () => {
    const user = await t.createUser();
    const set = await t.request("PUT", "/session/cookie", { token: user.token });
    expect(set.status).toBe(204);
    expect(pageCookieOf(set.headers)).toStartWith(`session=${user.token}; Path=/;`);
    const refused = await t.request("PUT", "/session/cookie", { headers: { authorization: "Bearer nope" } });
    expect(refused.status).toBe(401);
    expect(pageCookieOf(refused.headers)).toBeUndefined();
    const cleared = await t.request("DELETE", "/session/cookie");
    expect(cleared.status).toBe(204);
    expect(pageCookieOf(cleared.headers)).toBe("session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });
});
