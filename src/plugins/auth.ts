import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import type { Role } from "../../common/enums";
import { m } from "../../common/messages";
import type { AppDeps } from "../deps";
import { errorResponses } from "../lib/api-responses";
import { Forbidden, Unauthorized } from "../lib/errors";
import { bearerToken, type SessionUser, type TokenClaims, tokenClaimsSchema } from "../lib/session-token";
import { createTokenVerifier } from "../lib/token-verify";

/**
 * Auth as an Elysia plugin with macros:
 *   { auth: true }            signed in (401 otherwise)
 *   { role: ["owner","admin"] } signed in with one of these roles (403 otherwise)
 *   { optionalAuth: true }    `user` is the session user or null (guest routes that use a token)
 * The plugin only authenticates: it verifies the token (only what we sign is accepted: HS256
 * with our key and an expiry; another algorithm, even HS512 with the right key, or no `exp` is
 * refused; see src/lib/token-verify.ts) and hands its claims to
 * `loadSessionUser` (given by app.ts: the auth feature re-reads the user, so bans, role and
 * password changes take effect on existing tokens at once). Domain rules live in the features.
 */
export function createAuth(
  deps: Pick<AppDeps, "jwtSecret" | "config"> & {
    loadSessionUser: (claims: TokenClaims) => Promise<SessionUser>;
  },
) {
  const { jwtSecret, config, loadSessionUser } = deps;

  // @elysiajs/jwt signs (routes read `jwt.sign`); verification is ours, with the key imported once.
  const jwtPlugin = jwt({ name: "jwt", secret: jwtSecret, exp: `${config.JWT_TTL}s` });
  const verify = createTokenVerifier(jwtSecret);

  async function resolveUser(authorization: string | null): Promise<SessionUser | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    const payload = verify(token);
    const claims = tokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new Unauthorized(m.auth.invalidToken);
    return loadSessionUser(claims.data);
  }

  return new Elysia({ name: "auth" }).use(jwtPlugin).macro({
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
