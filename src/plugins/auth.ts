import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import type { Role } from "../../common/enums";
import { m } from "../../common/messages";
import type { AppDeps } from "../deps";
import { errorResponses } from "../lib/api-responses";
import { Forbidden, Unauthorized } from "../lib/errors";
import { bearerToken, type SessionUser, type TokenClaims, tokenClaimsSchema } from "../lib/session-token";

/**
 * Only what we sign is accepted: HS256 with our key and an expiry. A token signed with another
 * algorithm (even HS512 with the right key) or without `exp` is refused.
 */
export const TOKEN_VERIFY_OPTIONS = { algorithms: ["HS256"], requiredClaims: ["exp"] };

/**
 * Auth as an Elysia plugin with macros:
 *   { auth: true }            signed in (401 otherwise)
 *   { role: ["owner","admin"] } signed in with one of these roles (403 otherwise)
 *   { optionalAuth: true }    `user` is the session user or null (guest routes that use a token)
 * The plugin only authenticates: it verifies the token and hands its claims to
 * `loadSessionUser` (given by app.ts: the auth feature re-reads the user, so bans, role and
 * password changes take effect on existing tokens at once). Domain rules live in the features.
 */
export function createAuth(
  deps: Pick<AppDeps, "jwtSecret" | "config"> & {
    loadSessionUser: (claims: TokenClaims) => Promise<SessionUser>;
  },
) {
  const { jwtSecret, config, loadSessionUser } = deps;

  const jwtPlugin = jwt({ name: "jwt", secret: jwtSecret, exp: `${config.JWT_TTL}s` });

  async function resolveUser(
    verify: (token: string, options: typeof TOKEN_VERIFY_OPTIONS) => Promise<unknown>,
    authorization: string | undefined,
  ): Promise<SessionUser | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    const payload = await verify(token, TOKEN_VERIFY_OPTIONS);
    const claims = tokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new Unauthorized(m.auth.invalidToken);
    return loadSessionUser(claims.data);
  }

  return new Elysia({ name: "auth" }).use(jwtPlugin).macro({
    optionalAuth: {
      // An invalid token is refused even on guest routes; a banned user's token too.
      response: errorResponses(401, 403),
      async resolve({ jwt, headers }) {
        return { user: await resolveUser(jwt.verify, headers.authorization) };
      },
    },
    auth: {
      response: errorResponses(401, 403),
      async resolve({ jwt, headers }) {
        const user = await resolveUser(jwt.verify, headers.authorization);
        if (!user) throw new Unauthorized();
        return { user };
      },
    },
    role: (roles: Role[]) => ({
      response: errorResponses(401, 403),
      async resolve({ jwt, headers }) {
        const user = await resolveUser(jwt.verify, headers.authorization);
        if (!user) throw new Unauthorized();
        if (!roles.includes(user.role)) throw new Forbidden();
        return { user };
      },
    }),
  });
}

export type AuthPlugin = ReturnType<typeof createAuth>;
