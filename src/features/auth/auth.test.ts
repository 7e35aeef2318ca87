import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { formatDateTime } from "../../../common/datetime";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true, mail: true });
});
afterAll(async () => {
  await t.close();
});

describe("tokens issued before a password change", () => {
  test("are refused after a reset; a token issued after it works", async () => {
    const u = await t.createUser();
    const email = `${u.username}@example.com`.toLowerCase();
    await t.sql`update users set email = ${email} where id = ${u.id}`;
    const second = await t.request("POST", "/login", {
      form: { username: u.username, password: u.password },
    });
    expect((await t.request("GET", "/api/users/me", { token: u.token })).status).toBe(200);

    await t.request("POST", "/auth/password-reset/request", { json: { username_or_email: email } });
    const mail = await t.mail.waitFor((m) => m.to.includes(email));
    const code = /^\s{4}(\d{6})$/m.exec(mail.text)![1]!;
    const reset = await t.request("POST", "/auth/password-reset/confirm", {
      json: { username_or_email: u.username, code, new_password: "fresh-password-1" },
    });
    expect(reset.status).toBe(200);

    for (const token of [u.token, second.body.access_token as string]) {
      const res = await t.request("GET", "/api/users/me", { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: "Invalid or expired token" });
    }
    const login = await t.request("POST", "/login", {
      form: { username: u.username, password: "fresh-password-1" },
    });
    expect((await t.request("GET", "/api/users/me", { token: login.body.access_token })).status).toBe(200);
  });
});

describe("a ban on an existing token", () => {
  test("refuses the token while it lasts and accepts it again once it has passed", async () => {
    const admin = await t.createUser({ role: "admin" });
    const u = await t.createUser();
    expect((await t.request("GET", "/api/users/me", { token: u.token })).status).toBe(200);
    const ban = await t.request("PATCH", `/api/admin/users/${u.id}/ban?ban=true&hours=1`, {
      token: admin.token,
    });
    expect(ban.status).toBe(200);

    const refused = await t.request("GET", "/api/users/me", { token: u.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail: `Your account is banned until ${formatDateTime(ban.body.ban_until, "en")}.`,
    });

    await t.sql`update users set ban_until = ${new Date(Date.now() - 1000).toISOString()} where id = ${u.id}`;
    expect((await t.request("GET", "/api/users/me", { token: u.token })).status).toBe(200);
  });
});
