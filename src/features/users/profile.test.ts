import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import sharp from "sharp";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const png = (size = 24) =>
  sharp({ create: { width: size, height: size, channels: 3, background: "#0067C6" } })
    .png()
    .toBuffer();

let emailCounter = 0;
const uniqueEmail = () => `person${++emailCounter}_${Math.random().toString(36).slice(2, 7)}@example.com`;

function profileForm(fields: Record<string, string | Blob | undefined>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  return form;
}

const validProfile = () => ({
  first_name: "María",
  middle_name: "José",
  last_name: "López",
  email: uniqueEmail(),
  school: "Colegio Centroamérica",
  region: "León",
  gender: "female",
  description: "Me gusta el ajedrez.",
});

describe("GET /api/users/me", () => {
  test("401 without a token", async () => {
    const res = await t.request("GET", "/api/users/me");
    expect(res.status).toBe(401);
  });

  test("a new account: empty profile, not completed", async () => {
    const u = await t.createUser();
    const res = await t.request("GET", "/api/users/me", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: u.id,
      username: u.username,
      role: "member",
      first_name: null,
      email: null,
      clubs: [],
      ban_until: null,
      mute_until: null,
      is_banned: false,
      is_muted: false,
      test_account: false,
      email_verified: false,
      profile_completed: false,
      owner_request_pending: false,
      profile_picture_url: null,
    });
  });

  test("lists the clubs the user is a member of", async () => {
    const u = await t.createUser();
    const [club] =
      await t.sql`insert into clubs (name, description) values ('Club de Ajedrez', 'Jugamos') returning id`;
    await t.sql`insert into club_members (club_id, user_id) values (${club!.id}, ${u.id})`;
    const res = await t.request("GET", "/api/users/me", { token: u.token });
    expect(res.body.clubs).toEqual([{ id: club!.id, name: "Club de Ajedrez" }]);
  });
});

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

  test("a PNG picture is stored and served; replacing it removes the old one", async () => {
    const u = await t.createUser();
    const first = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({
        ...validProfile(),
        picture: new File([await png(20)], "me.png", { type: "image/png" }),
      }),
    });
    expect(first.status).toBe(200);
    const url = first.body.profile_picture_url as string;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{64}$/);
    const image = await t.app.handle(new Request(`http://localhost${url}`));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    const second = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({
        ...validProfile(),
        picture: new File([await png(30)], "me2.png", { type: "image/png" }),
      }),
    });
    expect(second.body.profile_picture_url).not.toBe(url);
    const oldId = url.split("/").pop()!;
    const rows = await t.sql`select id from uploads where id = ${oldId}`;
    expect(rows.length).toBe(0);
  });

  test("an HTML file named .png is refused with the spec's message", async () => {
    const u = await t.createUser();
    const html = new File(["<html><body>hi</body></html>"], "photo.png", { type: "image/png" });
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({ ...validProfile(), picture: html }),
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: "Only PNG, JPG or JPEG images are allowed." });
    const me = await t.request("GET", "/api/users/me", { token: u.token });
    expect(me.body.first_name).toBeNull();
  });

  test("a WebP picture is refused for profiles", async () => {
    const u = await t.createUser();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    const res = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      multipart: profileForm({
        ...validProfile(),
        picture: new File([webp], "a.webp", { type: "image/webp" }),
      }),
    });
    expect(res.status).toBe(415);
    expect(res.body.detail).toBe("Only PNG, JPG or JPEG images are allowed.");
  });

  test("401 without a token", async () => {
    const res = await t.request("PUT", "/api/users/me/profile", { multipart: profileForm(validProfile()) });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/users/{id}", () => {
  test("another member sees public fields only; the user and admins see everything", async () => {
    const owner = await t.createUser();
    const fields = validProfile();
    await t.request("PUT", "/api/users/me/profile", { token: owner.token, multipart: profileForm(fields) });
    const until = new Date(Date.now() + 3600_000);
    await t.sql`update users set mute_until = ${until.toISOString()} where id = ${owner.id}`;

    const other = await t.createUser();
    const seen = await t.request("GET", `/api/users/${owner.id}`, { token: other.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: owner.id, first_name: "María", region: "León" });
    expect(seen.body.email).toBeNull();
    expect(seen.body.mute_until).toBeNull();
    expect(seen.body.is_muted).toBeNull();
    expect(seen.body.is_banned).toBeNull();

    const self = await t.request("GET", `/api/users/${owner.id}`, { token: owner.token });
    expect(self.body.email).toBe(fields.email);
    expect(self.body.is_muted).toBe(true);

    const admin = await t.createUser({ role: "admin" });
    const byAdmin = await t.request("GET", `/api/users/${owner.id}`, { token: admin.token });
    expect(byAdmin.body.email).toBe(fields.email);
    expect(byAdmin.body.mute_until).toBe(until.toISOString());
  });

  test("404 for an unknown id, 422 for a non-number, 401 without a token", async () => {
    const u = await t.createUser();
    expect((await t.request("GET", "/api/users/999999", { token: u.token })).status).toBe(404);
    expect((await t.request("GET", "/api/users/abc", { token: u.token })).status).toBe(422);
    expect((await t.request("GET", `/api/users/${u.id}`)).status).toBe(401);
  });
});
