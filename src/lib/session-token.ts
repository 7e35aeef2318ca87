import { z } from "zod";
import type { Role } from "../../common/enums";

/** The JWT payload: `sub` is the username (spec section 3), plus id, role and token version. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  id: z.number().int(),
  role: z.enum(["member", "owner", "admin"]),
  ver: z.number().int(),
});

export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

export type SessionUser = {
  id: number;
  username: string;
  role: Role;
  muteUntil: Date | null;
};

export function bearerToken(authorization: string | undefined | null): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return match?.[1]?.trim() || null;
}

/**
 * The key a token is revoked under (POST /logout): the SHA-256 of the whole token, hex. It
 * works for every token ever issued, with or without a `jti`, and the table never holds a
 * usable token.
 */
export function tokenHash(token: string): string {
  return Bun.CryptoHasher.hash("sha256", token, "hex");
}

/**
 * A random `jti` for each new token. The other claims only change by the second (`iat`, `exp`),
 * so two log-ins in the same second would otherwise get the same token, and logging one device
 * out would log out the other.
 */
export function newTokenId(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
}
