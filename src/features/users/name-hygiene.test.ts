import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { format, messages } from "../../../common/messages";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { passwordCost } from "../../config";
import { ensureAdmin } from "../../platform/admin-bootstrap/service";
import { profileForm, signupForm, unique, uniqueEmail } from "./profile.fixtures";

/**
 * Issue 31, the other half of reserved-names.test.ts: admins are exempt from the staff-name
 * rules (but not from check marks), and invisible or direction-changing characters are stripped
 * from every name before it is saved.
 */
setDefaultTimeout(60_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ RATE_SIGNUPS_PER_ADDRESS: "10000/15m" });
});
afterAll(async () => {
  await t.close();
});

const en = messages("en");

describe("admins are exempt", () => {
  test("an admin may call themself Admin ClubNica", async () => {
    const admin = await t.createUser({ role: "admin" });
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: admin.token,
      multipart: profileForm({ first_name: "Administrador", last_name: "ClubNica", email: uniqueEmail() }),
    });
    expect(res.status).toBe(200);
    expect([res.body.first_name, res.body.last_name]).toEqual(["Administrador", "ClubNica"]);
  });

  test("the same name is refused once the account is no longer an admin", async () => {
    const admin = await t.createUser({ role: "admin" });
    await t.sql`update users set role = 'member' where id = ${admin.id}`;
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: admin.token,
      multipart: profileForm({ first_name: "Admin", last_name: "ClubNica", email: uniqueEmail() }),
    });
    expect(res.status).toBe(422);
  });

  test("even an admin's name loses invisible characters and may not carry a check mark", async () => {
    const admin = await t.createUser({ role: "admin" });
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: admin.token,
      multipart: profileForm({ first_name: "Admin ✔", last_name: "ClubNica", email: uniqueEmail() }),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ["body", "first_name"], msg: format(en.accounts.nameCheckMark, { field: "First name" }) },
    ]);
  });

  test("the bootstrap admin (ADMIN_USERNAME=admin) is created and logs in", async () => {
    await ensureAdmin({
      db: t.deps.db,
      logger: t.deps.logger,
      username: "admin",
      password: "bootstrap-pass-1",
      cost: passwordCost(t.deps.config),
    });
    const login = await t.request("POST", "/login", {
      form: { username: "admin", password: "bootstrap-pass-1" },
    });
    expect(login.status).toBe(200);
    const me = await t.request("GET", "/api/users/me", { token: login.body.access_token });
    expect(me.body).toMatchObject({
      username: "admin",
      role: "admin",
      first_name: "Admin",
      last_name: "ClubNica",
    });
    // Its seeded name "Admin ClubNica" can be saved again by the admin.
    const saved = await t.request("PUT", "/api/users/me/profile", {
      token: login.body.access_token,
      multipart: profileForm({ first_name: "Admin", last_name: "ClubNica", email: uniqueEmail() }),
    });
    expect(saved.status).toBe(200);
  });

  test("an admin may create a dummy account with a reserved username", async () => {
    const admin = await t.createUser({ role: "admin" });
    const res = await t.request("POST", "/api/admin/users", {
      token: admin.token,
      json: { username: "soporte_clubnica", role: "admin" },
    });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe("soporte_clubnica");
  });
});

describe("invisible and direction-changing characters", () => {
  const rtl = "\u202E";
  const zeroWidth = "\u200B\u200C\u200D\u2060\uFEFF";

  test("a rename with U+202E and zero-width characters is stored stripped", async () => {
    const u = await t.createUser();
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({
        first_name: `${rtl}Ana${zeroWidth}`,
        middle_name: `Lu${zeroWidth}cía\u2066`,
        last_name: `\u200FLó${zeroWidth}pez\u202C`,
        school: `${rtl}UNAN-León`,
        description: `Hola${rtl} mundo\u200B 👩\u200D💻`,
        email: uniqueEmail(),
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: "Ana",
      middle_name: "Lucía",
      last_name: "López",
      school: "UNAN-León",
      description: "Hola mundo 👩\u200D💻",
    });
    const [row] =
      await t.sql`select first_name, middle_name, last_name, school from users where id = ${u.id}`;
    expect(row).toEqual({ first_name: "Ana", middle_name: "Lucía", last_name: "López", school: "UNAN-León" });
  });

  test("sign-up with a profile stores the name stripped", async () => {
    const res = await t.request("POST", "/signup/complete", {
      multipart: signupForm({ first_name: `${rtl}Carlos\u200B`, last_name: `Me${zeroWidth}jía` }),
    });
    expect(res.status).toBe(201);
    expect([res.body.user.first_name, res.body.user.last_name]).toEqual(["Carlos", "Mejía"]);
  });

  test("a name of invisible characters only is a missing name", async () => {
    const u = await t.createUser();
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({ first_name: zeroWidth, last_name: "López", email: uniqueEmail() }),
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: en.accounts.profileRequired });
  });

  test("a staff title hidden by invisible characters is still refused", async () => {
    const u = await t.createUser();
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({ first_name: `Ad${zeroWidth}min`, last_name: "López", email: uniqueEmail() }),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ["body", "first_name"], msg: format(en.accounts.nameStaffRole, { field: "First name" }) },
    ]);
  });

  test("an admin's dummy account's name is stored stripped", async () => {
    const admin = await t.createUser({ role: "admin" });
    const res = await t.request("POST", "/api/admin/users", {
      token: admin.token,
      json: { username: `dummy_${unique()}`, first_name: `${rtl}Test\u200B`, last_name: "User\u2069" },
    });
    expect(res.status).toBe(201);
    const [row] = await t.sql`select first_name, last_name from users where id = ${res.body.id as number}`;
    expect(row).toEqual({ first_name: "Test", last_name: "User" });
  });
});
