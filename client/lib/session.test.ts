import { describe, expect, test } from "bun:test";
import { decodeToken } from "./decode-token";
import { hasRole } from "./session";

function token(payload: unknown, { raw }: { raw?: string } = {}) {
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${raw ?? encode(payload)}.signature`;
}

describe("decodeToken", () => {
  const now = Date.UTC(2026, 0, 1);
  const exp = Math.floor(now / 1000) + 3600;

  test("reads username (sub), id and role", () => {
    expect(decodeToken(token({ sub: "ana", id: 7, role: "owner", ver: 0, exp }), now)).toEqual({
      id: 7,
      username: "ana",
      role: "owner",
      exp,
    });
  });

  test("decodes UTF-8 usernames and base64url padding", () => {
    expect(decodeToken(token({ sub: "José_ñ", id: 1, role: "member", exp }), now)?.username).toBe("José_ñ");
  });

  test("rejects expired tokens (exp in seconds)", () => {
    expect(decodeToken(token({ sub: "ana", id: 7, role: "member", exp: now / 1000 - 1 }), now)).toBeNull();
    expect(decodeToken(token({ sub: "ana", id: 7, role: "member", exp: now / 1000 }), now)).toBeNull();
  });

  test("accepts a token without exp", () => {
    expect(decodeToken(token({ sub: "ana", id: 7, role: "member" }), now)?.exp).toBeNull();
  });

  test("rejects what cannot be decoded", () => {
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken("")).toBeNull();
    expect(decodeToken("not-a-jwt")).toBeNull();
    expect(decodeToken("a.b")).toBeNull();
    expect(decodeToken(token(null, { raw: "%%%" }), now)).toBeNull();
    expect(decodeToken(token(null, { raw: Buffer.from("not json").toString("base64url") }), now)).toBeNull();
    expect(decodeToken(token("a string"), now)).toBeNull();
  });

  test("rejects payloads missing or mistyping the claims", () => {
    expect(decodeToken(token({ id: 7, role: "member", exp }), now)).toBeNull();
    expect(decodeToken(token({ sub: "ana", role: "member", exp }), now)).toBeNull();
    expect(decodeToken(token({ sub: "ana", id: "7", role: "member", exp }), now)).toBeNull();
    expect(decodeToken(token({ sub: "ana", id: 7, role: "superuser", exp }), now)).toBeNull();
  });
});

test("hasRole", () => {
  const user = { id: 1, username: "a", role: "owner" as const, exp: null };
  expect(hasRole(user, ["owner", "admin"])).toBe(true);
  expect(hasRole(user, ["admin"])).toBe(false);
  expect(hasRole(null, ["member"])).toBe(false);
});
