import { jwt } from "@elysiajs/jwt";
import { Elysia } from "elysia";
import type { Role } from "../../common/enums";
import { format, m } from "../../common/messages";
import type { AppDeps } from "../deps";
import { findSessionUser } from "../features/auth/session-queries";
import { bearerToken, type SessionUser, tokenClaimsSchema } from "../features/auth/tokens";
import { Forbidden, Unauthorized } from "../lib/errors";

/**
 * Auth as an Elysia plugin with macros:
 *   { auth: true }            signed in (401 otherwise)
 *   { role: ["owner","admin"] } signed in with one of these roles (403 otherwise)
 *   { optionalAuth: true }    `user` is the session user or null (guest routes that use a token)
 * Every authenticated request re-reads the user: bans, role changes and password changes take
 * effect on existing tokens at once.
 */
export function createAuth(deps: Pick<AppDeps, "db" | "jwtSecret" | "config">) {
  const { db, jwtSecret, config } = deps;

  const jwtPlugin = jwt({ name: "jwt", secret: jwtSecret, exp: `${config.JWT_TTL}s` });

  async function resolveUser(
    verify: (token: string) => Promise<unknown>,
    authorization: string | undefined,
  ): Promise<SessionUser | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    const payload = await verify(token);
    const claims = tokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new Unauthorized(m.auth.invalidToken);
    const row = await findSessionUser(db, claims.data.id);
    if (!row || row.tokenVersion !== claims.data.ver) {
      throw new Unauthorized(m.auth.invalidToken);
    }
    if (row.banUntil && row.banUntil > new Date()) {
      throw new Forbidden(format(m.auth.bannedUntil, { until: row.banUntil.toISOString() }));
    }
    return { id: row.id, username: row.username, role: row.role, muteUntil: row.muteUntil };
  }

  return new Elysia({ name: "auth" }).use(jwtPlugin).macro({
    optionalAuth: {
      async resolve({ jwt, headers }) {
        return { user: await resolveUser(jwt.verify, headers.authorization) };
      },
    },
    auth: {
      async resolve({ jwt, headers }) {
        const user = await resolveUser(jwt.verify, headers.authorization);
        if (!user) throw new Unauthorized();
        return { user };
      },
    },
    role: (roles: Role[]) => ({
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

/** A muted user can read but not post, comment or send messages. */
export function assertNotMuted(user: SessionUser): void {
  if (user.muteUntil && user.muteUntil > new Date()) {
    throw new Forbidden(format(m.auth.mutedUntil, { until: user.muteUntil.toISOString() }));
  }
}
