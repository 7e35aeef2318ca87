import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { mail: true });
});
afterAll(() => t.close());

const codeIn = (text: string) => /^\s{4}(\d{6})$/m.exec(text)?.[1] ?? "";

/** A signed-in user with an e-mail on the profile. */
async function userWithEmail() {
  const u = await t.createUser();
  const email = `${u.username}@example.com`.toLowerCase();
  await t.sql`update users set first_name = 'Lucía', last_name = 'Pérez', email = ${email} where id = ${u.id}`;
  return { ...u, email };
}

async function startAndRead(u: { token: string; email: string }, skip = 0) {
  const res = await t.request("POST", "/auth/verify-email/start", { token: u.token });
  expect(res.status).toBe(200);
  const mails = () => t.mail.messages.filter((m) => m.to.includes(u.email));
  await t.mail.waitFor(() => mails().length > skip);
  return { res, mail: mails()[skip]!, code: codeIn(mails()[skip]!.text) };
}

/** Lets the next code be sent at once (the one-a-minute limit is tested on its own). */
const olderCodes = (userId: number) =>
  t.sql`update email_codes set created_at = created_at - interval '2 minutes' where user_id = ${userId}`;

const confirm = (token: string, code: string) =>
  t.request("POST", "/auth/verify-email/confirm", { token, json: { code } });

describe("e-mail verification", () => {
  test("start sends a code by e-mail (text and HTML saying what it is for); confirm verifies", async () => {
    const u = await userWithEmail();
    const { res, mail, code } = await startAndRead(u);
    expect(res.body).toEqual({
      sent: true,
      email: expect.stringMatching(/^u\*\*\*.@example\.com$/),
      expires_in: 900,
      already_sent: false,
    });
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe("Verify your e-mail address on ClubNica");
    expect(mail.subject).not.toContain(code);
    expect(mail.text).toContain("Hello Lucía,");
    expect(mail.text).toContain("verify your e-mail address");
    expect(mail.text).toContain("valid for 15 minutes");
    expect(mail.html).toContain(code);
    expect(mail.html).toContain("verify your e-mail address");

    const ok = await confirm(u.token, code);
    expect(ok.status).toBe(200);
    expect(ok.body.email_verified).toBe(true);
    const me = await t.request("GET", "/api/users/me", { token: u.token });
    expect(me.body.email_verified).toBe(true);
  });

  test("codes are stored hashed, never as the digits", async () => {
    const u = await userWithEmail();
    const { code } = await startAndRead(u);
    const rows = await t.sql`select code_hash from email_codes where user_id = ${u.id}`;
    expect(rows.length).toBe(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[a-f0-9]{64}$/);
  });

  test("401 without a token; 422 without an e-mail on the profile", async () => {
    expect((await t.request("POST", "/auth/verify-email/start")).status).toBe(401);
    expect((await t.request("POST", "/auth/verify-email/confirm", { json: { code: "123456" } })).status).toBe(
      401,
    );
    const u = await t.createUser();
    const res = await t.request("POST", "/auth/verify-email/start", { token: u.token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: "Add an e-mail address to your profile first." });
  });

  test("a wrong code is 400 Invalid code; a malformed one is 422", async () => {
    const u = await userWithEmail();
    const { code } = await startAndRead(u);
    const wrong = code === "000000" ? "111111" : "000000";
    const res = await confirm(u.token, wrong);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "Invalid code" });
    const malformed = await confirm(u.token, "12ab");
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail).toEqual([{ loc: ["body", "code"], msg: "Enter the 6-digit code." }]);
    expect((await confirm(u.token, code)).status).toBe(200);
  });

  test("five wrong tries kill the code: the right one no longer works", async () => {
    const u = await userWithEmail();
    const { code } = await startAndRead(u);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await confirm(u.token, wrong)).body.detail).toBe("Invalid code");
    const res = await confirm(u.token, code);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("This code has expired or was tried too many times. Request a new code.");
    const me = await t.request("GET", "/api/users/me", { token: u.token });
    expect(me.body.email_verified).toBe(false);
  });

  test("an expired code is refused", async () => {
    const u = await userWithEmail();
    const { code } = await startAndRead(u);
    await t.sql`update email_codes set expires_at = now() - interval '1 second' where user_id = ${u.id}`;
    const res = await confirm(u.token, code);
    expect(res.status).toBe(400);
  });

  test("a code works once", async () => {
    const u = await userWithEmail();
    const { code } = await startAndRead(u);
    expect((await confirm(u.token, code)).status).toBe(200);
    expect((await confirm(u.token, code)).status).toBe(400);
  });

  test("a new code replaces the old one", async () => {
    const u = await userWithEmail();
    const first = await startAndRead(u);
    await olderCodes(u.id);
    const second = await startAndRead(u, 1);
    // Checked in the table too, since the two codes may (one time in a million) be the same digits.
    const live = await t.sql`select id from email_codes
      where user_id = ${u.id} and used_at is null and expires_at > now()`;
    expect(live.length).toBe(1);
    if (first.code !== second.code) expect((await confirm(u.token, first.code)).status).toBe(400);
    expect((await confirm(u.token, second.code)).status).toBe(200);
  });

  test("asking again within the minute is not refused: no new mail, the same masked address", async () => {
    const u = await userWithEmail();
    const first = await startAndRead(u);
    const again = await t.request("POST", "/auth/verify-email/start", { token: u.token });
    expect(again.status).toBe(200);
    expect(again.body.already_sent).toBe(true);
    expect(again.body.email).toBe(first.res.body.email);
    expect(again.body.email).toMatch(/^u\*\*\*.@example\.com$/);
    expect(again.body.expires_in).toBeGreaterThan(0);
    expect(again.body.expires_in).toBeLessThanOrEqual(900);
    // A code mail is sent before the request answers, and the capture holds it before the send
    // returns (test/mail-capture.ts): had the second request mailed, it would be here already.
    expect(t.mail.messages.filter((x) => x.to.includes(u.email)).length).toBe(1);
    // The earlier code is the one that works.
    expect((await confirm(u.token, first.code)).status).toBe(200);
  });

  test("the first request for a new address is sent at once, though a code went out a moment ago", async () => {
    const u = await userWithEmail();
    await startAndRead(u);
    const email = `new-${u.email}`;
    const changed = await t.request("PUT", "/api/users/me/profile", {
      token: u.token,
      json: { first_name: "Lucía", last_name: "Pérez", email },
    });
    expect(changed.status).toBe(200);
    const res = await t.request("POST", "/auth/verify-email/start", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.already_sent).toBe(false);
    expect(res.body.email).toMatch(/^n\*\*\*.@example\.com$/);
    await t.mail.waitFor(() => t.mail.messages.some((x) => x.to.includes(email)));
  });

  test("sending is throttled: ten a day, 429 with Retry-After", async () => {
    const u = await userWithEmail();
    await startAndRead(u);
    await olderCodes(u.id);

    // Ten codes in the last day (none in the last minute): the daily limit answers.
    await t.sql`insert into email_codes (user_id, purpose, code_hash, expires_at, created_at)
      select ${u.id}, 'verify_email', 'x', now(), now() - interval '2 hours' from generate_series(1, 9)`;
    await olderCodes(u.id);
    const daily = await t.request("POST", "/auth/verify-email/start", { token: u.token });
    expect(daily.status).toBe(429);
    expect(Number(daily.headers.get("retry-after"))).toBeGreaterThan(3600);
  });

  test("a failed send answers 503 Failed to start verification, keeps the code and allows Resend", async () => {
    const u = await userWithEmail();
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error("SMTP is down");
    };
    try {
      const res = await t.request("POST", "/auth/verify-email/start", { token: u.token });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: "Failed to start verification" });
    } finally {
      t.deps.mailer.send = send;
    }
    const rows =
      await t.sql`select id from email_codes where user_id = ${u.id} and used_at is null and expires_at > now()`;
    expect(rows.length).toBe(1);
    const { code } = await startAndRead(u);
    expect((await confirm(u.token, code)).status).toBe(200);
  });

  test("changing the e-mail kills a code sent to the old address", async () => {
    const u = await userWithEmail();
    const { code } = await startAndRead(u);
    const form = new FormData();
    form.append("first_name", "Lucía");
    form.append("last_name", "Pérez");
    form.append("email", `other_${u.email}`);
    expect(
      (await t.request("PUT", "/api/users/me/profile", { token: u.token, multipart: form })).status,
    ).toBe(200);
    expect((await confirm(u.token, code)).status).toBe(400);
  });
});
