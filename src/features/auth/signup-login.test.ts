import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { Elysia } from "elysia";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createPollMemory } from "../../lib/poll-memory/poll-memory";
import { createAuth } from "../../plugins/auth";
import { createErrorHandler } from "../../plugins/error-handler";
import { sessionLoader } from "./session";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

/** A minimal app with only the auth plugin, to probe its macros directly. */
const probeApp = () =>
  new Elysia()
    .use(createErrorHandler(t.deps.logger))
    .use(createAuth({ ...t.deps, loadSessionUser: sessionLoader(t.deps.db, createPollMemory()) }))
    .get("/__probe/me", ({ user }) => user, { auth: true })
    .get("/__probe/admin", ({ user }) => user, { role: ["admin"] });

const uniq = () => `u${Math.random().toString(36).slice(2, 10)}`;
const decode = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());

describe("POST /signup", () => {
  test("creates a member and never returns a password hash", async () => {
    const username = uniq();
    const res = await t.request("POST", "/signup", {
      json: { username, password: "longenough1", role: "member" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username,
      role: "member",
      owner_request_pending: false,
    });
    expect(JSON.stringify(res.body)).not.toContain("argon2");
  });

  test("an owner signup stays a member with a pending owner request", async () => {
    const res = await t.request("POST", "/signup", {
      json: { username: uniq(), password: "longenough1", role: "owner" },
    });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe("member");
    expect(res.body.owner_request_pending).toBe(true);
    const rows = await t.sql`select status from owner_requests where user_id = ${Number(res.body.id)}`;
    expect([...rows]).toEqual([{ status: "pending" }]);
  });

  const missing = "Invalid input: expected string, received undefined";
  test.each([
    [{ password: "longenough1", role: "member" }, "username", missing],
    [
      { username: "ab", password: "longenough1", role: "member" },
      "username",
      "Username must be at least 3 characters.",
    ],
    [
      { username: "has space", password: "longenough1", role: "member" },
      "username",
      "Username may use letters, numbers, dots, dashes and underscores.",
    ],
    [{ username: "validname", role: "member" }, "password", missing],
    [
      { username: "validname", password: "short", role: "member" },
      "password",
      "Password must be at least 8 characters.",
    ],
    [
      { username: "validname", password: "longenough1", role: "admin" },
      "role",
      "Role must be member or owner.",
    ],
    [
      { username: "validname", password: "longenough1", role: "superuser" },
      "role",
      "Role must be member or owner.",
    ],
  ])("422 with a { loc, msg } list for %j", async (json, field, msg) => {
    const res = await t.request("POST", "/signup", { json });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc: ["body", field], msg }]);
  });

  test("usernames are unique regardless of case", async () => {
    const username = uniq();
    await t.request("POST", "/signup", { json: { username, password: "longenough1", role: "member" } });
    const res = await t.request("POST", "/signup", {
      json: { username: username.toUpperCase(), password: "longenough1", role: "member" },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "That username is already taken." });
  });

  test("a missing body is a 422 list and malformed JSON a 400 with a detail, never a 500", async () => {
    const res = await t.request("POST", "/signup", { headers: { "content-type": "application/json" } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc[0]).toBe("body");
    const raw = await t.app.handle(
      new Request("http://localhost/signup", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      }),
    );
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ detail: "The request body could not be read. Check its format." });
  });
});

describe("POST /login", () => {
  test("returns a bearer JWT whose sub is the username, with id, role and an expiry", async () => {
    const user = await t.createUser();
    const res = await t.request("POST", "/login", {
      form: { username: user.username, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe("bearer");
    const claims = decode(res.body.access_token);
    expect(claims.sub).toBe(user.username);
    expect(claims.id).toBe(user.id);
    expect(claims.role).toBe("member");
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });

  test("logs in with the username in another case", async () => {
    const user = await t.createUser();
    const res = await t.request("POST", "/login", {
      form: { username: user.username.toUpperCase(), password: user.password },
    });
    expect(res.status).toBe(200);
  });

  test("a wrong password and an unknown user get the same 401", async () => {
    const user = await t.createUser();
    const wrong = await t.request("POST", "/login", {
      form: { username: user.username, password: "nope-nope-nope" },
    });
    const unknown = await t.request("POST", "/login", {
      form: { username: uniq(), password: "nope-nope-nope" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: "Incorrect username or password" });
    expect(unknown.body).toEqual(wrong.body);
  });

  test("10 failures in 15 minutes from one address give 429 with Retry-After there; other accounts are unaffected", async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    for (let i = 0; i < 10; i++) {
      const res = await t.request("POST", "/login", {
        form: { username: user.username, password: `wrong-${i}-pass` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.request("POST", "/login", {
      form: { username: user.username, password: user.password },
    });
    expect(blocked.status).toBe(429);
    // A sliding window: the wait is between a tenth of the window and the window and a tenth.
    const wait = Number(blocked.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(90);
    expect(wait).toBeLessThanOrEqual(990);
    expect(blocked.body.detail).toBe("Too many failed log-in attempts. Try again later.");
    const fine = await t.request("POST", "/login", {
      form: { username: other.username, password: other.password },
    });
    expect(fine.status).toBe(200);
    // Once the window has passed, the right password works again.
    const prefix = `login:${user.username.toLowerCase()}:`;
    await t.sql`update rate_limits set window_index = window_index - 2 where starts_with(key, ${prefix})`;
    const later = await t.request("POST", "/login", {
      form: { username: user.username, password: user.password },
    });
    expect(later.status).toBe(200);
  });

  test("missing fields are a 422 list", async () => {
    const res = await t.request("POST", "/login", { form: { username: "someone" } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(["body", "password"]);
  });
});

/** A JWT signed with the server's key by hand: any algorithm of the HS family, any claims. */
function handMadeToken(alg: "HS256" | "HS384" | "HS512", claims: Record<string, unknown>) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${part({ alg, typ: "JWT" })}.${part(claims)}`;
  const hmac = createHmac(`sha${alg.slice(2)}`, t.deps.jwtSecret)
    .update(input)
    .digest("base64url");
  return `${input}.${hmac}`;
}

describe("the auth plugin", () => {
  test("a token without exp, or signed with another algorithm (even with the right key), is 401", async () => {
    const user = await t.createUser();
    const claims = decode(user.token);
    const me = (token: string) => t.request("GET", "/api/users/me", { token });
    expect((await me(handMadeToken("HS256", claims))).status).toBe(200);
    const { exp, ...noExp } = claims;
    expect(exp).toBeGreaterThan(Date.now() / 1000);
    for (const token of [
      handMadeToken("HS256", noExp),
      handMadeToken("HS512", claims),
      handMadeToken("HS384", claims),
      handMadeToken("HS256", { ...claims, exp: Math.floor(Date.now() / 1000) - 10 }),
    ]) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: "Invalid or expired token" });
    }
  });

  test("401 without a token and with a bad token on a signed-in call", async () => {
    const route = "/__probe/me";
    const app = probeApp();
    const none = await app.handle(new Request(`http://localhost${route}`));
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ detail: "Not authenticated" });
    const bad = await app.handle(
      new Request(`http://localhost${route}`, { headers: { authorization: "Bearer x.y.z" } }),
    );
    expect(bad.status).toBe(401);
    const user = await t.createUser();
    const ok = await app.handle(
      new Request(`http://localhost${route}`, { headers: { authorization: `Bearer ${user.token}` } }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: user.id, username: user.username, role: "member" });
    const forbidden = await app.handle(
      new Request("http://localhost/__probe/admin", { headers: { authorization: `Bearer ${user.token}` } }),
    );
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ detail: "You do not have permission to do this." });
    // A role change applies to the existing token at once.
    await t.sql`update users set role = 'admin' where id = ${user.id}`;
    const promoted = await app.handle(
      new Request("http://localhost/__probe/admin", { headers: { authorization: `Bearer ${user.token}` } }),
    );
    expect(promoted.status).toBe(200);
  });

  test("a banned user's existing token is refused with 403 saying until when; it works again after", async () => {
    const user = await t.createUser();
    const app = probeApp();
    const call = () =>
      app.handle(
        new Request("http://localhost/__probe/me", { headers: { authorization: `Bearer ${user.token}` } }),
      );
    await t.sql`update users set ban_until = now() + interval '1 day' where id = ${user.id}`;
    const banned = await call();
    expect(banned.status).toBe(403);
    expect((await banned.json()).detail).toMatch(
      /^Your account is banned until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/,
    );
    await t.sql`update users set ban_until = now() - interval '1 second' where id = ${user.id}`;
    expect((await call()).status).toBe(200);
  });

  test("a token issued before a password change (token version bump) is refused", async () => {
    const user = await t.createUser();
    const app = probeApp();
    await t.sql`update users set token_version = token_version + 1 where id = ${user.id}`;
    const res = await app.handle(
      new Request("http://localhost/__probe/me", { headers: { authorization: `Bearer ${user.token}` } }),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Invalid or expired token" });
  });
});
