import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { profileForm, validProfile } from "./profile.fixtures";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

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
