import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { settleJobs } from "../../../test/wait";
import { profileForm, uniqueEmail, validProfile } from "./profile.fixtures";

/** The queue's name as pg-boss stores it (email-in-use.ts), spelled out: a rename would strand waiting jobs. */
const EMAIL_IN_USE_QUEUE = "email-in-use-mail";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true, mail: true });
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

  test("an unverified address blocks nobody; a verified one gets the same answer as a new one and its owner is told by mail", async () => {
    const [a, b, c, d] = [
      await t.createUser(),
      await t.createUser(),
      await t.createUser(),
      await t.createUser(),
    ];
    const fields = validProfile();
    const put = (token: string, email: string) =>
      t.request("PUT", "/api/users/me/profile", {
        token,
        multipart: profileForm({ ...validProfile(), email }),
      });
    expect((await put(a.token, fields.email)).status).toBe(200);
    // a has not verified it: b may use the same address (in any letter case).
    const squat = await put(b.token, fields.email.toUpperCase());
    expect(squat.status).toBe(200);
    expect(squat.body.email_verified).toBe(false);
    // b's save looks for a verified holder after answering: let that look finish first, or it
    // may see a's address verified below and tell a about b (a race the CI run hit).
    await settleJobs(t.sql, [EMAIL_IN_USE_QUEUE]);
    await t.sql`update users set email_verified = true where id = ${a.id}`;
    const mailsBefore = t.mail.messages.length;
    const taken = await put(c.token, fields.email);
    const fresh = await put(d.token, uniqueEmail());
    expect(taken.status).toBe(fresh.status);
    const shape = (body: Record<string, unknown>) => {
      const { id, username, email, first_name, last_name, ...rest } = body;
      return rest;
    };
    expect(shape(taken.body)).toEqual(shape(fresh.body));
    await settleJobs(t.sql, [EMAIL_IN_USE_QUEUE]);
    const told = t.mail.messages.slice(mailsBefore);
    expect(told.map((m) => m.to)).toEqual([[fields.email.toLowerCase()]]);
    expect(told[0]?.subject).toBe("Someone used your e-mail address on ClubNica");
    expect(told[0]?.text).toContain(c.username);
    // Only one account can hold the address verified.
    const second = t.sql`update users set email_verified = true where id = ${c.id}`;
    await expect(Promise.resolve(second)).rejects.toThrow(/users_verified_email_key/);
    // Saving again with your own address is fine.
    expect((await put(a.token, fields.email)).status).toBe(200);
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
