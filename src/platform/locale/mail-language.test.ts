import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { messages } from "../../../common/messages";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { settleJobs } from "../../../test/wait";
import { RESET_MAIL_QUEUE } from "../../features/email-codes/reset-mail.fixtures";

setDefaultTimeout(30_000);

const en = messages("en");
const es = messages("es");

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true, mail: true });
}, 60_000);
afterAll(async () => {
  await settleJobs(t.sql, [RESET_MAIL_QUEUE]);
  await t.close();
});

async function userWithEmail(locale: "es" | "en" | null) {
  const u = await t.createUser();
  const email = `${u.username}@example.com`.toLowerCase();
  await t.sql`update users set first_name = 'Ernesto', email = ${email}, locale = ${locale} where id = ${u.id}`;
  return { ...u, email };
}

async function resetMail(user: { username: string; email: string }, headers: Record<string, string> = {}) {
  const res = await t.request("POST", "/auth/password-reset/request", {
    json: { username_or_email: user.username },
    headers,
  });
  expect(res.status).toBe(200);
  return await t.mail.waitFor((mail) => mail.to.includes(user.email));
}

describe("e-mails speak the recipient's language", () => {
  test("a password reset to a Spanish user is in Spanish, whatever language the request asked for", async () => {
    const user = await userWithEmail("es");
    const mail = await resetMail(user, { "accept-language": "en-US" });
    expect(mail.subject).toBe(es.mail.resetSubject);
    expect(mail.subject).toBe("Tu código para restablecer la contraseña de ClubNica");
    expect(mail.text).toContain("Hola Ernesto:");
    expect(mail.text).toContain(es.mail.resetIntro);
    expect(mail.text).toContain(es.mail.resetExpiry);
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain("Hola Ernesto:");
    expect(mail.text).not.toContain(en.mail.resetIntro);
  });

  test("an English user gets English from a Spanish browser", async () => {
    const user = await userWithEmail("en");
    const mail = await resetMail(user, { "accept-language": "es-NI" });
    expect(mail.subject).toBe(en.mail.resetSubject);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain(en.mail.resetIntro);
  });

  test("a user who never chose follows the request's language", async () => {
    const user = await userWithEmail(null);
    const mail = await resetMail(user, { "accept-language": "es" });
    expect(mail.subject).toBe(es.mail.resetSubject);
  });

  test("the account's saved language (PUT /api/users/me/locale) is what the next e-mail uses", async () => {
    const user = await userWithEmail(null);
    const saved = await t.request("PUT", "/api/users/me/locale", {
      token: user.token,
      json: { locale: "es" },
    });
    expect(saved.status).toBe(200);
    const verify = await t.request("POST", "/auth/verify-email/start", {
      token: user.token,
      headers: { "accept-language": "en" },
    });
    expect(verify.status).toBe(200);
    const mail = await t.mail.waitFor(
      (m) => m.to.includes(user.email) && m.subject === es.mail.verifySubject,
    );
    expect(mail.text).toContain(es.mail.verifyIntro);
  });

  test("an owner decision reaches the user in their language, not the admin's", async () => {
    const user = await userWithEmail("es");
    const admin = await t.createUser({ role: "admin" });
    await t.sql`insert into owner_requests (user_id) values (${user.id})`;
    const [row] = await t.sql`select id from owner_requests where user_id = ${user.id}`;
    const res = await t.request("PATCH", `/api/admin/owner-requests/${row!.id}?approve=true`, {
      token: admin.token,
      headers: { "accept-language": "en" },
    });
    expect(res.status).toBe(200);
    const mail = await t.mail.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe(es.mail.ownerApprovedSubject);
  });
});
