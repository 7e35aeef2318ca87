import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { settleJobs } from "../../../test/wait";
import { RESET_MAIL_QUEUE } from "./reset-mail-jobs";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  // The test acts as the Ingress, so it can speak for several client addresses.
  t = await setupTestApp({ TRUSTED_PROXIES: "127.0.0.1" }, { jobs: true, mail: true });
});
afterAll(async () => {
  await settleJobs(t.sql, [RESET_MAIL_QUEUE]);
  await t.close();
});

const codeIn = (text: string) => /^\s{4}(\d{6})$/m.exec(text)?.[1] ?? "";
const SAME_ANSWER = { detail: "If an account exists, we've sent a code to the email on file." };

async function userWithEmail() {
  const u = await t.createUser();
  const email = `${u.username}@example.com`.toLowerCase();
  await t.sql`update users set first_name = 'Ernesto', email = ${email} where id = ${u.id}`;
  return { ...u, email };
}

const request = (identifier: unknown) =>
  t.request("POST", "/auth/password-reset/request", { json: { username_or_email: identifier } });

async function requestCode(u: { username: string; email: string }, identifier = u.username) {
  const before = t.mail.messages.filter((m) => m.to.includes(u.email)).length;
  const res = await request(identifier);
  expect(res.status).toBe(200);
  const mail = await t.mail.waitFor(
    (m) =>
      m.to.includes(u.email) && t.mail.messages.filter((x) => x.to.includes(u.email)).indexOf(m) >= before,
  );
  return { mail, code: codeIn(mail.text) };
}

const confirm = (json: Record<string, unknown>, from = "192.0.2.1") =>
  t.request("POST", "/auth/password-reset/confirm", { json, headers: { "x-forwarded-for": from } });
const other = (code: string) => (code === "000000" ? "111111" : "000000");

describe("password reset", () => {
  test("known, unknown and e-mail-less identifiers get the identical answer", async () => {
    const known = await userWithEmail();
    const noEmail = await t.createUser();
    const answers = await Promise.all([
      request(known.username),
      request(known.email),
      request("nobody_here"),
      request("nobody@example.com"),
      request(noEmail.username),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(SAME_ANSWER);
      expect(res.headers.get("content-type")).toBe(answers[0]!.headers.get("content-type"));
    }
    await settleJobs(t.sql, [RESET_MAIL_QUEUE]);
  });

  test("an empty identifier is 422 with the spec's message", async () => {
    const res = await request("   ");
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ["body", "username_or_email"], msg: "Please enter your username or email." },
    ]);
  });

  test("the code goes to the e-mail on file, found by username or by e-mail; the mail says what it is for", async () => {
    const u = await userWithEmail();
    const { mail, code } = await requestCode(u);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe("Your ClubNica password reset code");
    expect(mail.text).toContain("Hello Ernesto,");
    expect(mail.text).toContain("reset the password");
    expect(mail.text).toContain(u.username);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain("reset the password");
    await t.sql`update email_codes set created_at = created_at - interval '2 minutes' where user_id = ${u.id}`;
    const byEmail = await requestCode(u, u.email.toUpperCase());
    expect(byEmail.code).toMatch(/^\d{6}$/);
  });

  test("confirm sets the password, refuses old tokens and clears failed logins", async () => {
    const u = await userWithEmail();
    for (const password of ["wrong-one-1", "wrong-two-2"]) {
      expect((await t.request("POST", "/login", { form: { username: u.username, password } })).status).toBe(
        401,
      );
    }
    const prefix = `login:${u.username.toLowerCase()}:`;
    expect((await t.sql`select 1 from rate_limits where starts_with(key, ${prefix})`).length).toBe(2);
    const { code } = await requestCode(u);
    const res = await confirm({ username_or_email: u.username, code, new_password: "brand-new-password" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: "Your password was changed. Log in with the new password." });

    expect((await t.request("GET", "/api/users/me", { token: u.token })).status).toBe(401);
    const failures = await t.sql`select 1 from rate_limits where starts_with(key, ${prefix})`;
    expect(failures.length).toBe(0);
    const oldLogin = await t.request("POST", "/login", {
      form: { username: u.username, password: u.password },
    });
    expect(oldLogin.status).toBe(401);
    const login = await t.request("POST", "/login", {
      form: { username: u.username, password: "brand-new-password" },
    });
    expect(login.status).toBe(200);
    expect((await t.request("GET", "/api/users/me", { token: login.body.access_token })).status).toBe(200);
  });

  test("confirm works without the identifier too", async () => {
    const u = await userWithEmail();
    const { code } = await requestCode(u);
    const res = await confirm({ code, new_password: "another-password" });
    expect(res.status).toBe(200);
    const login = await t.request("POST", "/login", {
      form: { username: u.username, password: "another-password" },
    });
    expect(login.status).toBe(200);
  });

  test("a short new password is 422 with the spec's message", async () => {
    const res = await confirm({ username_or_email: "x", code: "123456", new_password: "short" });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ["body", "new_password"], msg: "Password must be at least 8 characters." },
    ]);
  });

  test("a wrong code and an unknown account get the same 400 Invalid code", async () => {
    const u = await userWithEmail();
    const { code } = await requestCode(u);
    const wrong = await confirm({
      username_or_email: u.username,
      code: other(code),
      new_password: "whatever-123",
    });
    const unknown = await confirm({ username_or_email: "nobody_at_all", code, new_password: "whatever-123" });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual({ detail: "Invalid code" });
    expect(unknown.body).toEqual(wrong.body);
  });

  test("five wrong tries kill the code", async () => {
    const u = await userWithEmail();
    const { code } = await requestCode(u);
    for (let i = 0; i < 5; i++) {
      const res = await confirm({
        username_or_email: u.username,
        code: other(code),
        new_password: "whatever-123",
      });
      expect(res.status).toBe(400);
    }
    const res = await confirm({ username_or_email: u.username, code, new_password: "whatever-123" });
    expect(res.status).toBe(400);
    expect((await t.request("GET", "/api/users/me", { token: u.token })).status).toBe(200);
  });

  test("a guest's code-only guesses change nothing for other accounts' codes and meet 429 past their limit; a real code still resets", async () => {
    const victims = [await userWithEmail(), await userWithEmail()];
    const codes: string[] = [];
    for (const victim of victims) codes.push((await requestCode(victim)).code);
    let n = 0;
    const wrongGuess = () => {
      do n++;
      while (codes.includes(String(n).padStart(6, "0")));
      return String(n).padStart(6, "0");
    };
    const guest = "198.51.100.7";
    for (let i = 0; i < 10; i++) {
      expect((await confirm({ code: wrongGuess(), new_password: "whatever-123" }, guest)).status).toBe(400);
    }
    const refused = await confirm({ code: wrongGuess(), new_password: "whatever-123" }, guest);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toEqual({ detail: "Too many reset attempts. Try again later." });
    // Nothing counted against, or voided, the victims' codes.
    const ids = victims.map((v) => v.id);
    const live = await t.sql`select attempts from email_codes
      where user_id in ${t.sql(ids)} and used_at is null and expires_at > now()`;
    expect(live.map((row) => row.attempts)).toEqual([0, 0]);
    // The spec's {code, new_password} with a real code still resets, and so does the web client's call.
    expect((await confirm({ code: codes[0]!, new_password: "victim-new-pass-1" })).status).toBe(200);
    const withId = {
      username_or_email: victims[1]!.username,
      code: codes[1]!,
      new_password: "victim-new-pass-2",
    };
    expect((await confirm(withId)).status).toBe(200);
    for (const [i, victim] of victims.entries()) {
      const login = await t.request("POST", "/login", {
        form: { username: victim.username, password: `victim-new-pass-${i + 1}` },
      });
      expect(login.status).toBe(200);
    }
  }, 90_000);

  test("misses sent with an identifier count against that identifier's code only", async () => {
    const [target, bystander] = [await userWithEmail(), await userWithEmail()];
    const targetCode = (await requestCode(target)).code;
    const bystanderCode = (await requestCode(bystander)).code;
    for (let i = 0; i < 5; i++) {
      const miss = {
        username_or_email: target.username,
        code: other(targetCode),
        new_password: "whatever-123",
      };
      expect((await confirm(miss)).status).toBe(400);
    }
    const dead = { username_or_email: target.username, code: targetCode, new_password: "whatever-123" };
    expect((await confirm(dead)).status).toBe(400);
    const fine = { username_or_email: bystander.username, code: bystanderCode, new_password: "whatever-123" };
    expect((await confirm(fine)).status).toBe(200);
  }, 90_000);

  test("an expired code is refused", async () => {
    const u = await userWithEmail();
    const { code } = await requestCode(u);
    await t.sql`update email_codes set expires_at = now() - interval '1 second' where user_id = ${u.id}`;
    const res = await confirm({ username_or_email: u.username, code, new_password: "whatever-123" });
    expect(res.status).toBe(400);
  });

  test("a code works once", async () => {
    const u = await userWithEmail();
    const { code } = await requestCode(u);
    expect(
      (await confirm({ username_or_email: u.username, code, new_password: "first-new-pass" })).status,
    ).toBe(200);
    expect(
      (await confirm({ username_or_email: u.username, code, new_password: "second-new-pass" })).status,
    ).toBe(400);
  });

  test("requests are throttled silently: same answer, no second mail within a minute", async () => {
    const u = await userWithEmail();
    await requestCode(u);
    const again = await request(u.username);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(SAME_ANSWER);
    await settleJobs(t.sql, [RESET_MAIL_QUEUE]);
    expect(t.mail.messages.filter((m) => m.to.includes(u.email)).length).toBe(1);
    const rows = await t.sql`select 1 from email_codes where user_id = ${u.id}`;
    expect(rows.length).toBe(1);
  });
});

describe("code-only reset guesses for everyone together", () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await setupTestApp(
      { TRUSTED_PROXIES: "127.0.0.1", RATE_RESET_GUESSES_TOTAL: "4/1h" },
      { mail: true },
    );
  });
  afterAll(() => small.close());

  test("past the total limit, code-only guesses from any address get 429, while identified confirms go on", async () => {
    const guess = (i: number) =>
      small.request("POST", "/auth/password-reset/confirm", {
        json: { code: String(100000 + i), new_password: "whatever-123" },
        headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
      });
    for (let i = 0; i < 4; i++) expect((await guess(i)).status).toBe(400);
    const refused = await guess(4);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    const identified = await small.request("POST", "/auth/password-reset/confirm", {
      json: { username_or_email: "someone", code: "123456", new_password: "whatever-123" },
      headers: { "x-forwarded-for": "203.0.113.99" },
    });
    expect(identified.status).toBe(400);
  });
});
