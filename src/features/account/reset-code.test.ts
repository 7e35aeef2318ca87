import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";

// Real log-ins hash passwords (argon2id); leave room for a busy machine.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const issue = (token: string | null, userId: number) =>
  t.request("POST", `/api/admin/users/${userId}/reset-code`, { token });
const confirm = (json: Record<string, string>) => t.request("POST", "/auth/password-reset/confirm", { json });

describe("an admin's one-time reset code", () => {
  test("is shown once, works once (with or without the username), and is audited without the code", async () => {
    const admin = await createQuickUser(t, { role: "admin" });
    const student = await t.createUser({ password: "forgotten-password" });
    await t.sql`update users set email = 'roto@example.invalid' where id = ${student.id}`;
    const res = await issue(admin.token, student.id);
    expect(res.status).toBe(200);
    expect(res.body.code).toMatch(/^\d{6}$/);
    const hours = (new Date(res.body.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);
    expect(res.body.detail).toStartWith("Give this code to the person. It works once, until ");

    const used = await confirm({
      username_or_email: student.username,
      code: res.body.code,
      new_password: "brand-new-1",
    });
    expect(used.status).toBe(200);
    const again = await confirm({
      username_or_email: student.username,
      code: res.body.code,
      new_password: "brand-new-2",
    });
    expect(again.status).toBe(400);
    expect((await confirm({ code: res.body.code, new_password: "brand-new-3" })).status).toBe(400);
    expect((await t.request("GET", "/api/users/me", { token: student.token })).status).toBe(401);
    const login = await t.request("POST", "/login", {
      form: { username: student.username, password: "brand-new-1" },
    });
    expect(login.status).toBe(200);
    // A handed code proves nothing about the (broken) address.
    const [row] = await t.sql<
      { email_verified: boolean }[]
    >`select email_verified from users where id = ${student.id}`;
    expect(row!.email_verified).toBe(false);

    // Code only (the student forgot their username too).
    const second = await issue(admin.token, student.id);
    expect((await confirm({ code: second.body.code, new_password: "brand-new-4" })).status).toBe(200);

    const audit = await t.request("GET", "/api/admin/audit?action=user.reset_code", { token: admin.token });
    expect(audit.body).toHaveLength(2);
    expect(audit.body[0]).toMatchObject({ action: "user.reset_code", target_id: student.id });
    for (const entry of audit.body) {
      const text = JSON.stringify(entry);
      expect(text).not.toContain(res.body.code);
      expect(text).not.toContain(second.body.code);
    }
    const stored = await t.sql<
      { code_hash: string }[]
    >`select code_hash from email_codes where user_id = ${student.id}`;
    expect(stored.map((c) => c.code_hash)).not.toContain(res.body.code);
  });

  test("expires, and a new code replaces the old one", async () => {
    const admin = await createQuickUser(t, { role: "admin" });
    const student = await createQuickUser(t);
    const first = await issue(admin.token, student.id);
    const second = await issue(admin.token, student.id);
    expect(
      (
        await confirm({
          username_or_email: student.username,
          code: first.body.code,
          new_password: "brand-new-1",
        })
      ).status,
    ).toBe(400);
    await t.sql`update email_codes set expires_at = now() - interval '1 second'
      where user_id = ${student.id} and used_at is null`;
    expect(
      (
        await confirm({
          username_or_email: student.username,
          code: second.body.code,
          new_password: "brand-new-1",
        })
      ).status,
    ).toBe(400);
  });

  test("role matrix: guest 401; member, owner, muted and banned 403; admin 200; unknown user 404", async () => {
    const student = await createQuickUser(t);
    expect((await issue(null, student.id)).status).toBe(401);
    const member = await createQuickUser(t);
    const owner = await createQuickUser(t, { role: "owner" });
    const muted = await createQuickUser(t);
    const banned = await createQuickUser(t, { role: "admin" });
    await t.sql`update users set mute_until = now() + interval '1 day' where id = ${muted.id}`;
    await t.sql`update users set ban_until = now() + interval '1 day' where id = ${banned.id}`;
    for (const user of [member, owner, muted, banned, student]) {
      expect((await issue(user.token, student.id)).status).toBe(403);
    }
    const admin = await createQuickUser(t, { role: "admin" });
    expect((await issue(admin.token, student.id)).status).toBe(200);
    expect((await issue(admin.token, 999_999)).status).toBe(404);
  });
});
