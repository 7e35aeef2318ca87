import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import sharp from "sharp";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { settleJobs } from "../../../test/wait";

/** The queue's name as pg-boss stores it (email-in-use.ts), spelled out: a rename would strand waiting jobs. */
const EMAIL_IN_USE_QUEUE = "email-in-use-mail";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true, mail: true });
});
afterAll(() => t.close());

let n = 0;
const unique = () => `${++n}${Math.random().toString(36).slice(2, 7)}`;

function signupForm(overrides: Record<string, string | Blob | undefined> = {}) {
  const id = unique();
  const fields: Record<string, string | Blob | undefined> = {
    username: `new_${id}`,
    password: "a-long-password",
    role: "member",
    first_name: "Carlos",
    last_name: "Mejía",
    email: `carlos${id}@example.com`,
    region: "Granada",
    gender: "male",
    ...overrides,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  return { form, fields };
}

describe("POST /signup/complete", () => {
  test("creates the account with its profile and returns a working token", async () => {
    const picture = new File(
      [
        await sharp({ create: { width: 16, height: 16, channels: 3, background: "#123456" } })
          .jpeg()
          .toBuffer(),
      ],
      "me.jpg",
      { type: "image/jpeg" },
    );
    const { form, fields } = signupForm({ picture });
    const res = await t.request("POST", "/signup/complete", { multipart: form });
    expect(res.status).toBe(201);
    expect(res.body.token_type).toBe("bearer");
    expect(typeof res.body.access_token).toBe("string");
    expect(res.body.user).toMatchObject({
      username: fields.username,
      role: "member",
      first_name: "Carlos",
      last_name: "Mejía",
      email: fields.email,
      region: "Granada",
      gender: "male",
      profile_completed: true,
      email_verified: false,
      owner_request_pending: false,
    });
    expect(res.body.user.profile_picture_url).toMatch(/^\/uploads\/[a-f0-9]{64}$/);

    const me = await t.request("GET", "/api/users/me", { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.user.id);

    const login = await t.request("POST", "/login", {
      form: { username: fields.username as string, password: "a-long-password" },
    });
    expect(login.status).toBe(200);
  });

  test("role owner records a pending owner request and stays a member", async () => {
    const { form } = signupForm({ role: "owner" });
    const res = await t.request("POST", "/signup/complete", { multipart: form });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe("member");
    expect(res.body.user.owner_request_pending).toBe(true);
    const rows = await t.sql`select status from owner_requests where user_id = ${res.body.user.id}`;
    expect(rows.map((r) => r.status)).toEqual(["pending"]);
  });

  test("a taken username is 409 with the spec's message", async () => {
    const existing = await t.createUser();
    const { form } = signupForm({ username: existing.username.toUpperCase() });
    const res = await t.request("POST", "/signup/complete", { multipart: form });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "That username is already taken." });
  });

  test("the profile rules and messages are the profile call's; nothing is created on failure", async () => {
    for (const missing of ["first_name", "last_name", "email"]) {
      const { form, fields } = signupForm({ [missing]: undefined });
      const res = await t.request("POST", "/signup/complete", { multipart: form });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: "First name, last name, and email are required." });
      const rows = await t.sql`select id from users where username = ${fields.username as string}`;
      expect(rows.length).toBe(0);
    }
    const bad = await t.request("POST", "/signup/complete", {
      multipart: signupForm({ region: "Mars" }).form,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      { loc: ["body", "region"], msg: "Region must be one of Managua, León, Masaya, Granada." },
    ]);
  });

  test("a registered address gets the same status and body as a new one; its owner is told by mail", async () => {
    const first = signupForm();
    const email = first.fields.email as string;
    expect((await t.request("POST", "/signup/complete", { multipart: first.form })).status).toBe(201);
    // Unverified: it blocks nobody.
    const squat = await t.request("POST", "/signup/complete", { multipart: signupForm({ email }).form });
    expect(squat.status).toBe(201);
    // Its check for a verified holder runs after the answer: let it finish while the address is
    // still unverified (under load it once ran after the update below and mailed too).
    await settleJobs(t.sql, [EMAIL_IN_USE_QUEUE]);
    await t.sql`update users set email_verified = true where username = ${first.fields.username as string}`;
    const mailsBefore = t.mail.messages.length;
    const taken = await t.request("POST", "/signup/complete", { multipart: signupForm({ email }).form });
    const fresh = await t.request("POST", "/signup/complete", { multipart: signupForm().form });
    expect(taken.status).toBe(201);
    expect(fresh.status).toBe(201);
    const shape = (body: { user: Record<string, unknown> }) => {
      const { id, username, email, ...rest } = body.user;
      return { keys: Object.keys(body).sort(), user: rest };
    };
    expect(shape(taken.body)).toEqual(shape(fresh.body));
    expect(taken.body.user.email_verified).toBe(false);
    await settleJobs(t.sql, [EMAIL_IN_USE_QUEUE]);
    const told = t.mail.messages.slice(mailsBefore);
    expect(told.map((m) => m.to)).toEqual([[email.toLowerCase()]]);
  });

  test("short password, bad username and admin role are refused with field messages", async () => {
    const short = await t.request("POST", "/signup/complete", {
      multipart: signupForm({ password: "short" }).form,
    });
    expect(short.status).toBe(422);
    expect(short.body.detail).toEqual([
      { loc: ["body", "password"], msg: "Password must be at least 8 characters." },
    ]);
    const admin = await t.request("POST", "/signup/complete", {
      multipart: signupForm({ role: "admin" }).form,
    });
    expect(admin.status).toBe(422);
    const name = await t.request("POST", "/signup/complete", {
      multipart: signupForm({ username: "a b" }).form,
    });
    expect(name.status).toBe(422);
  });

  test("an HTML file named .png is refused and no account is created", async () => {
    const html = new File(["<!doctype html><html></html>"], "me.png", { type: "image/png" });
    const { form, fields } = signupForm({ picture: html });
    const res = await t.request("POST", "/signup/complete", { multipart: form });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: "Only PNG, JPG or JPEG images are allowed." });
    const rows = await t.sql`select id from users where username = ${fields.username as string}`;
    expect(rows.length).toBe(0);
  });
});
