import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { jwt } from "@elysiajs/jwt";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { tokenHash } from "../../lib/session-token";

// Real sign-ups and log-ins hash passwords (argon2id); leave room for a busy machine.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const logOut = (token: string | null, headers: Record<string, string> = {}) =>
  t.request("POST", "/logout", { token, headers });
const me = (token: string) => t.request("GET", "/api/users/me", { token });
const logIn = async (username: string, password: string) => {
  const res = await t.request("POST", "/login", { form: { username, password } });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
};
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());

describe("POST /logout", () => {
  test("refuses that token from then on, while the person's other devices stay signed in", async () => {
    const user = await t.createUser();
    const laptop = await logIn(user.username, user.password);
    const phone = await logIn(user.username, user.password);
    // Log-ins in the same second carry the same iat and exp: the random jti keeps them apart.
    expect(laptop).not.toBe(phone);
    expect(claimsOf(laptop).jti).not.toBe(claimsOf(phone).jti);

    const res = await logOut(laptop);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");

    const refused = await me(laptop);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ detail: "Invalid or expired token" });
    expect(refused.headers.get("www-authenticate")).toBe("Bearer");
    expect((await me(phone)).status).toBe(200);
    expect((await me(user.token)).status).toBe(200);

    // Every authenticated call refuses it: a write, and a guest route that reads a token.
    const write = await t.request("PUT", "/api/users/me/locale", { token: laptop, json: { locale: "es" } });
    expect(write.status).toBe(401);
    const guestRoute = await t.request("GET", "/api/clubs/1/posts", { token: laptop });
    expect(guestRoute.status).toBe(401);

    const again = await logOut(laptop);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ detail: "Invalid or expired token" });
  });

  test("stores only the token's hash, until the token's own expiry", async () => {
    const user = await createQuickUser(t);
    expect((await logOut(user.token)).status).toBe(204);
    const rows = await t.sql<{ token_hash: string; expires: number }[]>`
      select token_hash, extract(epoch from expires_at)::int as expires
      from revoked_tokens where user_id = ${user.id}`;
    expect(rows.length).toBe(1);
    expect(rows[0]!.token_hash).toBe(tokenHash(user.token));
    expect(rows[0]!.token_hash).not.toContain(user.token.split(".")[2]!);
    expect(rows[0]!.expires).toBe(claimsOf(user.token).exp);
  });

  test("revokes a token issued before log-out existed (no jti), and only that one", async () => {
    const user = await createQuickUser(t);
    // Signed as /login signed before this change; another lifetime than the fixture's token,
    // which has the same claims and may share its second (jti-less tokens would then be equal).
    const signer = jwt({ name: "jwt", secret: t.deps.jwtSecret, exp: "2h" }).decorator.jwt;
    const old = await signer.sign({ sub: user.username, id: user.id, role: "member", ver: 0 });
    expect(old).not.toBe(user.token);
    expect(claimsOf(old).jti).toBeUndefined();
    expect((await me(old)).status).toBe(200);

    expect((await logOut(old)).status).toBe(204);
    expect((await me(old)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
  });

  test("a password change still refuses every earlier token, logged out or not", async () => {
    const user = await t.createUser({ password: "old-password-1" });
    const phone = await logIn(user.username, "old-password-1");
    const tablet = await logIn(user.username, "old-password-1");
    expect((await logOut(tablet)).status).toBe(204);

    const changed = await t.request("POST", "/api/account/password", {
      token: user.token,
      json: { current_password: "old-password-1", new_password: "new-password-2" },
    });
    expect(changed.status).toBe(200);
    for (const earlier of [user.token, phone, tablet]) expect((await me(earlier)).status).toBe(401);
    const fresh = changed.body.access_token as string;
    expect((await me(fresh)).status).toBe(200);

    // The fresh token logs out like any other.
    expect((await logOut(fresh)).status).toBe(204);
    expect((await me(fresh)).status).toBe(401);
  });

  test("without a token, or with one that is not ours, 401 in the request's language", async () => {
    const none = await logOut(null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: "Not authenticated" });
    const spanish = await logOut(null, { "accept-language": "es" });
    expect(spanish.body).toEqual({ detail: "No has iniciado sesión" });

    const user = await createQuickUser(t);
    const forged = `${user.token.slice(0, -4)}AAAA`;
    const bad = await logOut(forged);
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ detail: "Invalid or expired token" });
    const [row] = await t.sql<{ count: number }[]>`
      select count(*)::int as count from revoked_tokens where user_id = ${user.id}`;
    expect(row!.count).toBe(0);
    expect((await me(user.token)).status).toBe(200);
  });

  test("a log-out deletes revocations whose tokens have expired, and keeps the live ones", async () => {
    const owner = await createQuickUser(t);
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await t.sql`insert into revoked_tokens (token_hash, user_id, expires_at)
      select 'expired-' || i, ${owner.id}, ${past}::timestamptz from generate_series(1, 3) i`;
    await t.sql`insert into revoked_tokens (token_hash, user_id, expires_at)
      values ('live-1', ${owner.id}, ${future}::timestamptz)`;

    const other = await createQuickUser(t);
    expect((await logOut(other.token)).status).toBe(204);

    const left = await t.sql<{ token_hash: string }[]>`
      select token_hash from revoked_tokens where user_id in (${owner.id}, ${other.id}) order by token_hash`;
    expect(left.map((r) => r.token_hash)).toEqual(["live-1", tokenHash(other.token)].sort());
    const [stale] = await t.sql<{ expired: number }[]>`
      select count(*)::int as expired from revoked_tokens where expires_at < now()`;
    expect(stale!.expired).toBe(0);
  });

  test("a deleted account takes its revocations with it", async () => {
    const user = await createQuickUser(t);
    expect((await logOut(user.token)).status).toBe(204);
    await t.sql`delete from users where id = ${user.id}`;
    const [row] = await t.sql<{ count: number }[]>`
      select count(*)::int as count from revoked_tokens where user_id = ${user.id}`;
    expect(row!.count).toBe(0);
  });
});
