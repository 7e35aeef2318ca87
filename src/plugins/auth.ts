import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import type { Role } from "../../common/enums";
import { m } from "../../common/messages";
import type { AppDeps } from "../deps";
import { errorResponses } from "../lib/api-responses";
import { Forbidden, Unauthorized } from "../lib/errors";
import {
  bearerToken,
  newTokenId,
  type SessionUser,
  type TokenClaims,
  tokenClaimsSchema,
  tokenHash,
} from "../lib/session-token";
import { createTokenVerifier } from "../lib/token-verify";

/**
 * Auth as an Elysia plugin with macros:
 *   { auth: true }            signed in (401 otherwise)
 *   { role: ["owner","admin"] } signed in with one of these roles (403 otherwise)
 *   { optionalAuth: true }    `user` is the session user or null (guest routes that use a token)
 *   { currentToken: true }    signed in, plus `currentToken` (its hash, expiry and version): log-out
 *                             revokes it; a push subscription records it
 * The plugin only authenticates: it verifies the token (only what we sign is accepted: HS256
 * with our key and an expiry; another algorithm, even HS512 with the right key, or no `exp` is
 * refused; see src/lib/token-verify.ts) and hands its claims to
 * `loadSessionUser` with the token's hash (given by app.ts: the auth feature re-reads the user
 * and whether this token was revoked, in one statement, so log-outs, bans, role and password
 * changes take effect on existing tokens at once). Domain rules live in the features.
 * Every token signed here carries a random `jti`, so no two are alike (see newTokenId).
 */
export function createAuth(
  deps: Pick<AppDeps, "jwtSecret" | "config"> & {
    loadSessionUser: (claims: TokenClaims, tokenHash: string) => Promise<SessionUser>;
  },
) {
  const { jwtSecret, config, loadSessionUser } = deps;

  // @elysiajs/jwt signs (routes read `jwt.sign`); verification is ours, with the key imported once.
  const signer = jwt({ name: "jwt", secret: jwtSecret, exp: `${config.JWT_TTL}s` }).decorator.jwt;
  const signToken = { sign: (claims: TokenClaims) => signer.sign({ ...claims, jti: newTokenId() }) };

  const { readToken } = createTokenReader(jwtSecret);

  async function resolveUser(authorization: string | null): Promise<SessionUser | null> {
    const token = readToken(bearerToken(authorization));
    return token ? await loadSessionUser(token.claims, token.hash) : null;
  }

  return new Elysia({ name: "auth" }).decorate("jwt", signToken).macro({
    optionalAuth: {
      // An invalid token is refused even on guest routes; a banned user's token too.
      response: errorResponses(401, 403),
      async resolve({ request }) {
        return { user: await resolveUser(request.headers.get("authorization")) };
      },
    },
    auth: {
      response: errorResponses(401, 403),
      async resolve({ request }) {
        const user = await resolveUser(request.headers.get("authorization"));
        if (!user) throw new Unauthorized();
        return { user };
      },
    },
    currentToken: {
      response: errorResponses(401, 403),
      async resolve({ request }) {
        const token = readToken(bearerToken(request.headers.get("authorization")));
        if (!token) throw new Unauthorized();
        const user = await loadSessionUser(token.claims, token.hash);
        return {
          user,
          currentToken: {
            hash: token.hash,
            expiresAt: new Date(token.exp * 1000),
            version: token.claims.ver,
          },
        };
      },
    },
    role: (roles: Role[]) => ({
      response: errorResponses(401, 403),
      async resolve({ request }) {
        const user = await resolveUser(request.headers.get("authorization"));
        if (!user) throw new Unauthorized();
        if (!roles.includes(user.role)) throw new Forbidden();
        return { user };
      },
    }),
  });
}

export type AuthPlugin = ReturnType<typeof createAuth>;

/** A session token read and verified, not yet checked against the account (loadSessionUser does). */
export type ReadToken = { claims: TokenClaims; hash: string; exp: number };

/**
 * Reads a session token: its claims, its revocation key (hash) and expiry; null when there is
 * none, Unauthorized when it is not one of ours. The live connection reads its `auth` frame's
 * token with this too, so a socket is accepted exactly as a request is.
 */
export function createTokenReader(jwtSecret: string) {
  const verify = createTokenVerifier(jwtSecret);
  return {
    readToken(token: string | null): ReadToken | null {
      if (!token) return null;
      const payload = verify(token);
      const claims = tokenClaimsSchema.safeParse(payload);
      if (!claims.success) throw new Unauthorized(m.auth.invalidToken);
      // The verifier accepts only a token whose `exp` is a number.
      return { claims: claims.data, hash: tokenHash(token), exp: payload!.exp as number };
    },
  };
}
