import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { metricValue } from "../../../test/metric-value";
import { callFrom, type SocketResponse } from "../../../test/socket-client";
import { signupForm } from "../users/profile.fixtures";
import { deviceCookieName } from "./device-cookie.fixtures";

/**
 * The lock-out by strangers, over real sockets from distinct client addresses at the default
 * settings: 100 wrong passwords from 10 addresses once locked the account for 15 minutes from
 * everywhere, the student's own phone included. Now they lock out untrusted clients only; a
 * browser that signed in before carries a signed device cookie, counted on its own.
 */
setDefaultTimeout(60_000);
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await setupTestApp();
  base = t.listen();
});
afterAll(async () => {
  await t.close();
});

const passwordChecksSoFar = () => metricValue("clubnica_password_checks_total");

function login(username: string, password: string, from: string, cookie?: string): Promise<SocketResponse> {
  return callFrom(base, "POST", "/login", {
    from,
    json: { username, password },
    headers: cookie ? { cookie } : {},
  });
}

/** The `name=value` part of the device cookie a log-in set. */
function deviceCookieOf(res: SocketResponse): string {
  const header = res.headers["set-cookie"];
  expect(header).toBeString();
  return header!.split(";")[0]!;
}

/** 100 wrong passwords, 10 from each of 10 addresses (127.0.{subnet}.1 … .10): none refused. */
async function strangersGuess(username: string, subnet: number): Promise<void> {
  const addresses = Array.from({ length: 10 }, (_, i) => `127.0.${subnet}.${i + 1}`);
  const answers = await Promise.all(
    addresses.map(async (from) => {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await login(username, `guess-${from}-${i}`, from)).status);
      return statuses;
    }),
  );
  expect(answers.flat()).toEqual(Array(100).fill(401));
}

function expectRefused(res: SocketResponse) {
  expect(res.status).toBe(429);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  expect(res.body.detail).toBeString();
}

describe("the device cookie", () => {
  test("is set on a right log-in: HttpOnly, SameSite=Lax, only for /login, not Secure over http", async () => {
    const student = await t.createUser();
    const res = await login(student.username, student.password, "127.0.3.1");
    expect(res.status).toBe(200);
    const header = res.headers["set-cookie"] ?? "";
    expect(header.startsWith(`${deviceCookieName(student.username)}=`)).toBe(true);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Path=/login");
    expect(header).not.toContain("Secure");
    // A wrong password sets none.
    expect(
      (await login(student.username, "not-the-password", "127.0.3.1")).headers["set-cookie"],
    ).toBeUndefined();
  });

  test("100 wrong passwords from 10 addresses lock out untrusted clients, but the student's own phone still signs in", async () => {
    const student = await t.createUser();
    const phone = deviceCookieOf(await login(student.username, student.password, "127.0.4.200"));

    const before = await passwordChecksSoFar();
    await strangersGuess(student.username, 4);
    expect((await passwordChecksSoFar()) - before).toBe(100);

    // Guessing stops: an untrusted client at a new address is refused before any hash, even
    // with the right password.
    expectRefused(await login(student.username, "another-guess", "127.0.4.99"));
    expectRefused(await login(student.username, student.password, "127.0.4.98"));
    expect((await passwordChecksSoFar()) - before).toBe(100);

    // The phone that signed in before, at home and on the attackers' own network.
    const home = await login(student.username, student.password, "127.0.4.200", phone);
    expect(home.status).toBe(200);
    expect(home.body.access_token).toBeString();
    expect((await login(student.username, student.password, "127.0.4.1", phone)).status).toBe(200);
  });

  test("an address the student signed in from before is not locked out either (curl at home, no cookie jar)", async () => {
    const student = await t.createUser();
    expect((await login(student.username, student.password, "127.0.9.200")).status).toBe(200);
    await strangersGuess(student.username, 9);
    expectRefused(await login(student.username, student.password, "127.0.9.201"));
    const home = await login(student.username, student.password, "127.0.9.200");
    expect(home.status).toBe(200);
    // Its own wrong tries stay limited per (username, address): 10 in 15 minutes.
    for (let i = 0; i < 10; i++)
      expect((await login(student.username, `home-typo-${i}`, "127.0.9.200")).status).toBe(401);
    expectRefused(await login(student.username, student.password, "127.0.9.200"));
  });

  test("a device's wrong passwords are counted per device: a stolen cookie gets 10 tries, the student's other devices none of them", async () => {
    const student = await t.createUser();
    const stolen = deviceCookieOf(await login(student.username, student.password, "127.0.5.1"));
    const laptop = deviceCookieOf(await login(student.username, student.password, "127.0.5.2"));
    for (let i = 0; i < 10; i++)
      expect((await login(student.username, `thief-${i}-guess`, "127.0.5.3", stolen)).status).toBe(401);
    expectRefused(await login(student.username, `thief-last-guess`, "127.0.5.3", stolen));
    expectRefused(await login(student.username, student.password, "127.0.5.3", stolen));
    expect((await login(student.username, student.password, "127.0.5.2", laptop)).status).toBe(200);
    // Without any cookie the account was never touched by the thief's tries.
    expect((await login(student.username, student.password, "127.0.5.4")).status).toBe(200);
  });

  test("the browser that created the account (POST /signup/complete) is trusted from the start", async () => {
    const form = signupForm({});
    const username = String(form.get("username"));
    const password = String(form.get("password"));
    const created = await callFrom(base, "POST", "/signup/complete", {
      from: "127.0.8.200",
      multipart: form,
    });
    expect(created.status).toBe(201);
    const phone = deviceCookieOf(created);
    await strangersGuess(username, 8);
    expectRefused(await login(username, password, "127.0.8.201"));
    expect((await login(username, password, "127.0.8.1", phone)).status).toBe(200);
  });

  test("is not accepted for another username, and a forged one is ignored", async () => {
    const ana = await t.createUser();
    const ben = await t.createUser();
    const anaPhone = deviceCookieOf(await login(ana.username, ana.password, "127.0.6.1"));
    await strangersGuess(ben.username, 6);
    const before = await passwordChecksSoFar();

    const [, anaValue = ""] = anaPhone.split("=");
    const benName = deviceCookieName(ben.username);
    const [id = "", issued = "", signature = ""] = anaValue.split(".");
    const tries = [
      anaPhone, // Ana's cookie as it is
      `${benName}=${anaValue}`, // Ana's cookie renamed for Ben
      `${benName}=${id}.${issued}.${"A".repeat(signature.length)}`, // a forged signature
      `${benName}=AAAAAAAAAAAAAAAAAAAAAA.${issued}.${signature}`, // another device id
      `${benName}=not-a-device-cookie`,
    ];
    for (const cookie of tries) expectRefused(await login(ben.username, ben.password, "127.0.6.1", cookie));
    expect((await passwordChecksSoFar()) - before).toBe(0);
    // Ana's cookie still works for Ana.
    expect((await login(ana.username, ana.password, "127.0.6.1", anaPhone)).status).toBe(200);
  });
});
