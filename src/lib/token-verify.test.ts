import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { jwt } from "@elysiajs/jwt";
import { createTokenVerifier } from "./token-verify";

const secret = "a-test-secret-that-is-long-enough-for-hs256";
const verify = createTokenVerifier(secret);
const now = () => Math.floor(Date.now() / 1000);
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function handMade(header: Record<string, unknown>, claims: unknown, key = secret) {
  const input = `${part(header)}.${part(claims)}`;
  const bits = header.alg === "HS512" ? "sha512" : header.alg === "HS384" ? "sha384" : "sha256";
  return `${input}.${createHmac(bits, key).update(input).digest("base64url")}`;
}

const claims = { sub: "ana", id: 7, role: "member", ver: 0 };

describe("token verification", () => {
  test("a token @elysiajs/jwt signs (how /login issues them) is accepted with its claims", async () => {
    const signer = jwt({ name: "jwt", secret, exp: "3600s" }).decorator.jwt;
    const token = await signer.sign(claims);
    expect(verify(token)).toMatchObject({ ...claims, exp: expect.any(Number) });
  });

  test("HS256 with our key, a future exp and a past nbf is accepted", () => {
    const token = handMade(
      { alg: "HS256", typ: "JWT" },
      { ...claims, exp: now() + 60, nbf: now() - 5, iat: now() },
    );
    expect(verify(token)?.id).toBe(7);
  });

  test("another algorithm, even with the right key, or none is refused", () => {
    for (const alg of ["HS384", "HS512"])
      expect(verify(handMade({ alg }, { ...claims, exp: now() + 60 }))).toBeNull();
    const unsigned = `${part({ alg: "none" })}.${part({ ...claims, exp: now() + 60 })}.`;
    expect(verify(unsigned)).toBeNull();
    // An HS256 signature under a header that names another algorithm.
    expect(verify(handMade({ alg: "HS256x" }, { ...claims, exp: now() + 60 }))).toBeNull();
  });

  test("a missing, past, or non-numeric exp is refused; so are a future nbf and a string iat", () => {
    expect(verify(handMade({ alg: "HS256" }, claims))).toBeNull();
    expect(verify(handMade({ alg: "HS256" }, { ...claims, exp: now() - 1 }))).toBeNull();
    expect(verify(handMade({ alg: "HS256" }, { ...claims, exp: now() }))).toBeNull();
    expect(verify(handMade({ alg: "HS256" }, { ...claims, exp: String(now() + 60) }))).toBeNull();
    expect(verify(handMade({ alg: "HS256" }, { ...claims, exp: now() + 60, nbf: now() + 30 }))).toBeNull();
    expect(verify(handMade({ alg: "HS256" }, { ...claims, exp: now() + 60, iat: "yesterday" }))).toBeNull();
  });

  test("another key, a changed payload, a changed or padded signature, or a crit header is refused", () => {
    const good = handMade({ alg: "HS256" }, { ...claims, exp: now() + 60 });
    expect(verify(good)).not.toBeNull();
    expect(verify(handMade({ alg: "HS256" }, { ...claims, exp: now() + 60 }, `${secret}x`))).toBeNull();
    const [h, , s] = good.split(".");
    expect(verify(`${h}.${part({ ...claims, role: "admin", exp: now() + 60 })}.${s}`)).toBeNull();
    const flipped = `${s!.slice(0, 10)}${s![10] === "A" ? "B" : "A"}${s!.slice(11)}`;
    expect(verify(`${good.slice(0, good.lastIndexOf(".") + 1)}${flipped}`)).toBeNull();
    expect(verify(`${good}=`)).toBeNull();
    expect(verify(`${good}.x`)).toBeNull();
    expect(verify(handMade({ alg: "HS256", crit: ["exp"] }, { ...claims, exp: now() + 60 }))).toBeNull();
  });

  test("garbage is refused, not thrown", () => {
    for (const token of ["", "a", "a.b", "a.b.c", "..", `${part([])}.${part([])}.${"x".repeat(43)}`]) {
      expect(verify(token)).toBeNull();
    }
    const arrayClaims = handMade({ alg: "HS256" }, [1, 2]);
    expect(verify(arrayClaims)).toBeNull();
  });
});
