import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { profileForm, uniqueEmail, validProfile } from "./profile.fixtures";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

describe("PUT /api/users/me/profile", () => {
  test("saves every field and returns the profile", async () => {
    const u = await t.createUser();
    const fields = validProfile();
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm(fields),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: u.id,
      first_name: "María",
      middle_name: "José",
      last_name: "López",
      email: fields.email,
      school: "Colegio Centroamérica",
      region: "León",
      gender: "female",
      description: "Me gusta el ajedrez.",
      profile_completed: true,
      email_verified: false,
    });
    const me = await t.request("GET", "/api/users/me", { token: u.token });
    expect(me.body.email).toBe(fields.email);
  });

  test("first name, last name and e-mail are required, with the spec's sentence", async () => {
    const u = await t.createUser();
    for (const missing of ["first_name", "last_name", "email"]) {
      const fields: Record<string, string | undefined> = { ...validProfile(), [missing]: undefined };
      const res = await t.request("PUT", "/api/users/me/profile", {
        token: u.token,
        multipart: profileForm(fields),
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: "First name, last name, and email are required." });
      const blank = await t.request("PUT", "/api/users/me/profile", {
        token: u.token,
        multipart: profileForm({ ...validProfile(), [missing]: "   " }),
      });
      expect(blank.body).toEqual({ detail: "First name, last name, and email are required." });
    }
  });

  test("an invalid e-mail, region or gender is refused on its field", async () => {
    const u = await t.createUser();
    const cases: [string, string, string][] = [
      ["email", "not-an-email", "Enter a valid e-mail address."],
      ["region", "Chinandega", "Region must be one of Managua, León, Masaya, Granada."],
      ["gender", "robot", "Gender must be male, female or other."],
    ];
    for (const [field, value, msg] of cases) {
      const res = await t.request("PUT", "/api/users/me/profile", {
        token: u.token,
        multipart: profileForm({ ...validProfile(), [field]: value }),
      });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([{ loc: ["body", field], msg }]);
    }
  });

  test("region without the accent is accepted and stored as the spec spells it", async () => {
    const u = await t.createUser();
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({ ...validProfile(), region: "leon", gender: "Other" }),
    });
    expect(res.status).toBe(200);
    expect(res.body.region).toBe("León");
    expect(res.body.gender).toBe("other");
  });

  test("an e-mail used by another account is refused (409), in any letter case", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const fields = validProfile();
    expect(
      (await t.request("PUT", "/api/users/me/profile", { token: a.token, multipart: profileForm(fields) }))
        .status,
    ).toBe(200);
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: b.token,
      multipart: profileForm({ ...validProfile(), email: fields.email.toUpperCase() }),
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "That e-mail address is already used by another account." });
    // Saving again with your own address is fine.
    const own = await t.request("PUT", "/api/users/me/profile", {
      token: a.token,
      multipart: profileForm(fields),
    });
    expect(own.status).toBe(200);
  });

  test("changing the e-mail clears email_verified; keeping it does not", async () => {
    const u = await t.createUser();
    const fields = validProfile();
    await t.request("PUT", "/api/users/me/profile", { token: u.token, multipart: profileForm(fields) });
    await t.sql`update users set email_verified = true where id = ${u.id}`;
    const same = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({ ...fields, school: "UNAN" }),
    });
    expect(same.body.email_verified).toBe(true);
    const changed = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({ ...fields, email: uniqueEmail() }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.email_verified).toBe(false);
  });

  test("optional fields left out stay; an empty value clears them", async () => {
    const u = await t.createUser();
    const fields = validProfile();
    await t.request("PUT", "/api/users/me/profile", { token: u.token, multipart: profileForm(fields) });
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({ first_name: "Ana", last_name: "Ruiz", email: fields.email, school: "" }),
    });
    expect(res.body).toMatchObject({
      first_name: "Ana",
      school: null,
      region: "León",
      description: fields.description,
    });
  });

  test("401 without a token", async () => {
    const res = await t.request("PUT", "/api/users/me/profile", { multipart: profileForm(validProfile()) });
    expect(res.status).toBe(401);
  });
});
