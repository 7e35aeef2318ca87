import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { passwordCost } from "../../config";
import { hashPassword } from "../../lib/passwords";

// Real sign-ups and log-ins hash passwords (argon2id); leave room for a busy machine.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const change = (token: string | null, json: unknown, headers: Record<string, string> = {}) =>
  t.request("POST", "/api/account/password", { token, json, headers });
const me = (token: string) => t.request("GET", "/api/users/me", { token });
const logIn = (username: string, password: string) =>
  t.request("POST", "/login", { form: { username, password } });

describe("changing the password while signed in", () => {
  test("needs the current password, signs out every other token, and keeps this device signed in", async () => {
    const user = await t.createUser({ password: "old-password-1" });
    const phone = (await logIn(user.username, "old-password-1")).body.access_token as string;
    expect((await me(phone)).status).toBe(200);

    const res = await change(user.token, {
      current_password: "old-password-1",
      new_password: "new-password-2",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      token_type: "bearer",
      detail: "Your password was changed. You were signed out on every other device.",
    });
    expect((await me(res.body.access_token)).status).toBe(200);
    for (const old of [user.token, phone]) {
      const refused = await me(old);
      expect(refused.status).toBe(401);
    }
    expect((await logIn(user.username, "old-password-1")).status).toBe(401);
    expect((await logIn(user.username, "new-password-2")).status).toBe(200);
  });

  test("a wrong current password, the same password or a short one is 422 on its field", async () => {
    const user = await t.createUser({ password: "right-password" });
    const wrong = await change(user.token, { current_password: "nope-nope", new_password: "new-password-2" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toEqual([
      { loc: ["body", "current_password"], msg: "Your current password is not right." },
    ]);
    const spanish = await change(
      user.token,
      { current_password: "nope-nope", new_password: "new-password-2" },
      { "accept-language": "es" },
    );
    expect(spanish.body.detail[0].msg).toBe("Tu contraseña actual no es correcta.");
    const same = await change(user.token, {
      current_password: "right-password",
      new_password: "right-password",
    });
    expect(same.status).toBe(422);
    expect(same.body.detail[0].loc).toEqual(["body", "new_password"]);
    const short = await change(user.token, { current_password: "right-password", new_password: "short" });
    expect(short.status).toBe(422);
    expect(short.body.detail[0].loc).toEqual(["body", "new_password"]);
    // Nothing changed: the token still works.
    expect((await me(user.token)).status).toBe(200);
  });

  test("guessing the current password with a token is limited like log-ins (429)", async () => {
    const limited = await setupTestApp({ RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: "2/15m" });
    try {
      const user = await limited.createUser({ password: "right-password" });
      const guess = () =>
        limited.request("POST", "/api/account/password", {
          token: user.token,
          json: { current_password: "guess-guess", new_password: "new-password-2" },
        });
      expect((await guess()).status).toBe(422);
      expect((await guess()).status).toBe(422);
      const refused = await guess();
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toBe("Too many wrong passwords. Try again later.");
    } finally {
      await limited.close();
    }
  });

  test("role matrix: guest 401, banned 403; member, owner, admin and muted may change theirs", async () => {
    expect((await change(null, { current_password: "x", new_password: "new-password-2" })).status).toBe(401);
    // One hash for every account here (argon2id is slow on a busy machine); sign-up is tested elsewhere.
    const hash = await hashPassword("right-password", passwordCost(t.deps.config));
    const withPassword = async (role: "member" | "owner" | "admin" = "member") => {
      const user = await createQuickUser(t, { role });
      await t.sql`update users set password_hash = ${hash} where id = ${user.id}`;
      return user;
    };
    const banned = await withPassword();
    await t.sql`update users set ban_until = now() + interval '1 day' where id = ${banned.id}`;
    const body = { current_password: "right-password", new_password: "new-password-2" };
    expect((await change(banned.token, body)).status).toBe(403);
    const muted = await withPassword();
    await t.sql`update users set mute_until = now() + interval '1 day' where id = ${muted.id}`;
    for (const user of [
      await withPassword(),
      await withPassword("owner"),
      await withPassword("admin"),
      muted,
    ]) {
      expect((await change(user.token, body)).status).toBe(200);
    }
  });
});
