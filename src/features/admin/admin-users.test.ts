import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}_${Math.random().toString(36).slice(2, 7)}`;

describe("admin calls need an admin", () => {
  test("401 without a token and 403 for a member or an owner, on every admin call", async () => {
    const member = await t.createUser();
    const owner = await t.createUser({ role: "owner" });
    const calls: [string, string, Record<string, unknown>?][] = [
      ["GET", "/api/admin/users"],
      ["POST", "/api/admin/users", { username: "someone_new" }],
      ["PATCH", `/api/admin/users/${member.id}/ban?ban=true&days=1`],
      ["PATCH", `/api/admin/users/${member.id}/mute?mute=true&days=1`],
      ["PATCH", `/api/admin/users/${member.id}/role`, { role: "admin" }],
      ["GET", "/api/admin/owner-requests"],
      ["PATCH", "/api/admin/owner-requests/1?approve=true"],
      ["GET", "/api/admin/audit"],
    ];
    for (const [method, path, json] of calls) {
      const anonymous = await t.request(method, path, { json });
      expect([path, anonymous.status]).toEqual([path, 401]);
      for (const u of [member, owner]) {
        const res = await t.request(method, path, { token: u.token, json });
        expect([path, res.status]).toEqual([path, 403]);
      }
    }
    const me = await t.request("GET", "/api/users/me", { token: member.token });
    expect(me.body).toMatchObject({ role: "member", is_banned: false, is_muted: false });
  });
});

describe("GET /api/admin/users", () => {
  test("searches username, name and e-mail (case and accents ignored) and pages", async () => {
    const admin = await t.createUser({ role: "admin" });
    const tag = unique("zq");
    const a = await t.createUser({ username: `${tag}_alpha` });
    const b = await t.createUser();
    await t.sql`update users set first_name = 'Íngrid', last_name = ${`${tag}Núñez`} where id = ${b.id}`;
    const c = await t.createUser();
    await t.sql`update users set email = ${`${tag}@Example.com`} where id = ${c.id}`;

    const res = await t.request("GET", `/api/admin/users?search=${tag.toUpperCase()}`, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { id: number }) => u.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(res.headers.get("x-total-count")).toBe("3");
    const byName = await t.request(
      "GET",
      `/api/admin/users?search=${encodeURIComponent(`ingrid ${tag}nunez`)}`,
      {
        token: admin.token,
      },
    );
    expect(byName.body.map((u: { id: number }) => u.id)).toEqual([b.id]);
    const row = res.body.find((u: { id: number }) => u.id === c.id);
    expect(row).toMatchObject({
      username: c.username,
      email: `${tag}@Example.com`,
      is_banned: false,
      is_muted: false,
    });

    const page = await t.request("GET", `/api/admin/users?search=${tag}&limit=2&offset=2`, {
      token: admin.token,
    });
    expect(page.body.length).toBe(1);
    expect(page.headers.get("x-total-count")).toBe("3");
    const wildcard = await t.request("GET", "/api/admin/users?search=%25", { token: admin.token });
    expect(wildcard.body).toEqual([]);
    expect((await t.request("GET", "/api/admin/users?limit=0", { token: admin.token })).status).toBe(422);
  });
});

describe("POST /api/admin/users", () => {
  test("applies the spec's defaults and returns a generated strong password once", async () => {
    const admin = await t.createUser({ role: "admin" });
    const username = unique("dummy");
    const res = await t.request("POST", "/api/admin/users", { token: admin.token, json: { username } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["id", "plain_password", "role", "username"]);
    expect(res.body).toMatchObject({ username, role: "member" });
    expect(res.body.plain_password.length).toBeGreaterThanOrEqual(20);

    const [row] = await t.sql`select first_name, last_name, email_verified, test_account, password_hash
      from users where id = ${res.body.id}`;
    expect(row).toMatchObject({
      first_name: "Test",
      last_name: "User",
      email_verified: true,
      test_account: true,
    });
    expect(row!.password_hash).not.toContain(res.body.plain_password);

    const login = await t.request("POST", "/login", {
      form: { username, password: res.body.plain_password },
    });
    expect(login.status).toBe(200);
  });

  test("takes every field; the given password works", async () => {
    const admin = await t.createUser({ role: "admin" });
    const username = unique("owner");
    const email = `${username}@example.com`;
    const res = await t.request("POST", "/api/admin/users", {
      token: admin.token,
      json: {
        username,
        role: "owner",
        first_name: "Rosa",
        last_name: "Téllez",
        email,
        email_verified: false,
        test_account: false,
        password: "given-password-1",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username,
      role: "owner",
      plain_password: "given-password-1",
    });
    const [row] = await t.sql`select first_name, last_name, email, email_verified, test_account, role
      from users where id = ${res.body.id}`;
    expect(row).toMatchObject({
      first_name: "Rosa",
      last_name: "Téllez",
      email,
      email_verified: false,
      test_account: false,
      role: "owner",
    });
    const login = await t.request("POST", "/login", { form: { username, password: "given-password-1" } });
    expect(login.status).toBe(200);
  });

  test("refuses a taken username or e-mail (409) and bad fields (422)", async () => {
    const admin = await t.createUser({ role: "admin" });
    const taken = await t.request("POST", "/api/admin/users", {
      token: admin.token,
      json: { username: admin.username },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: "That username is already taken." });

    const email = `${unique("mail")}@example.com`;
    expect(
      (
        await t.request("POST", "/api/admin/users", {
          token: admin.token,
          json: { username: unique("a"), email },
        })
      ).status,
    ).toBe(201);
    const dup = await t.request("POST", "/api/admin/users", {
      token: admin.token,
      json: { username: unique("b"), email },
    });
    expect(dup.status).toBe(409);

    const bad = await t.request("POST", "/api/admin/users", {
      token: admin.token,
      json: { username: unique("c"), role: "king", email: "nope", password: "short" },
    });
    expect(bad.status).toBe(422);
    const messages = bad.body.detail.map((d: { msg: string }) => d.msg);
    expect(messages).toContain("Role must be member, owner or admin.");
    expect(messages).toContain("Enter a valid e-mail address.");
    expect(messages).toContain("Password must be at least 8 characters.");
  });

  test("is written to the audit log, without the password", async () => {
    const admin = await t.createUser({ role: "admin" });
    const res = await t.request("POST", "/api/admin/users", {
      token: admin.token,
      json: { username: unique("aud"), password: "secret-password-9" },
    });
    const audit = await t.request("GET", "/api/admin/audit?action=user.create_dummy", { token: admin.token });
    expect(audit.status).toBe(200);
    const entry = audit.body.find((e: { target_id: number }) => e.target_id === res.body.id);
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_username: admin.username,
      action: "user.create_dummy",
      target_type: "user",
    });
    expect(JSON.stringify(entry)).not.toContain("secret-password-9");
  });
});
