import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { m } from "../../../common/messages";
import { setupTestApp, type TestApp } from "../../../test/harness";

/** Production without SMTP_URL: the app works, and the flows that need mail say why they cannot. */
describe("production without SMTP_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp({ NODE_ENV: "production", SMTP_URL: "" });
  }, 60_000);
  afterAll(() => t.close());

  test("mail is off, and /api/mail-status says so", async () => {
    expect(t.deps.mailer.mode).toBe("disabled");
    const status = await t.request("GET", "/api/mail-status");
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ configured: false });
  });

  test("sign-up and log-in still work", async () => {
    const user = await t.createUser();
    const me = await t.request("GET", "/api/users/me", { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(user.username);
  });

  test("asking for a verification code answers 503 saying that e-mail is not configured, and stores no code", async () => {
    const user = await t.createUser();
    const form = new FormData();
    form.set("first_name", "Ana");
    form.set("last_name", "Sin Correo");
    form.set("email", `${user.username}@example.com`);
    expect(
      (await t.request("PUT", "/api/users/me/profile", { token: user.token, multipart: form })).status,
    ).toBe(200);
    const start = await t.request("POST", "/auth/verify-email/start", { token: user.token });
    expect(start.status).toBe(503);
    expect(start.body.detail).toBe(m.operations.mailNotConfigured);
    const codes = await t.sql`select count(*)::int as n from email_codes where user_id = ${user.id}`;
    expect(codes[0]?.n).toBe(0);
  });

  test("asking for a password reset answers 503 saying that e-mail is not configured, for every account alike", async () => {
    const user = await t.createUser();
    for (const identifier of [user.username, "nobody-has-this-name"]) {
      const reset = await t.request("POST", "/auth/password-reset/request", {
        json: { username_or_email: identifier },
      });
      expect(reset.status).toBe(503);
      expect(reset.body.detail).toBe(m.operations.mailNotConfigured);
    }
  });

  test("/metrics does not exist on the public port without METRICS_TOKEN", async () => {
    const res = await t.request("GET", "/metrics");
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(m.common.notFound);
  });
});

describe("with SMTP", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp();
  }, 60_000);
  afterAll(() => t.close());

  test("/api/mail-status says configured", async () => {
    expect((await t.request("GET", "/api/mail-status")).body).toEqual({ configured: true });
  });
});
