import type { Role } from "../../../common/enums";
import type { AppDeps } from "../../deps";
import { Forbidden, Unauthorized } from "../../lib/errors";
import { readSessionCookie } from "../../lib/session-cookie";
import type { SessionUser, TokenClaims } from "../../lib/session-token";
import { createTokenReader } from "../../plugins/auth";
import { clearedPageCookie } from "./service";

/** Who a page is rendered for: the page cookie's token and the person it names. */
type PageSession = { token: string; user: { id: number; username: string; role: Role; exp: number } };

/** A page request's session: the person, or none and (for a cookie that no longer works) its removal. */
export type PageSessionResult = { session: PageSession | null; clearCookie: string | null };

/**
 * Reads the page cookie of a GET page request (src/lib/session-cookie.ts) exactly as the API
 * reads a bearer token: our signature and expiry, then the account re-read with whether this
 * token was revoked (log-out, password change, sign-out everywhere) and whether the person is
 * banned, through the same `loadSessionUser` the auth plugin uses. A cookie that fails any of
 * these renders the page signed out and is removed. Other errors (the database away) go up.
 */
export function pageSessionReader({
  deps,
  loadSessionUser,
}: {
  deps: Pick<AppDeps, "config" | "jwtSecret">;
  loadSessionUser: (claims: TokenClaims, tokenHash: string) => Promise<SessionUser>;
}) {
  const { readToken } = createTokenReader(deps.jwtSecret);
  const none: PageSessionResult = { session: null, clearCookie: null };
  return async function readPageSession(request: Request): Promise<PageSessionResult> {
    const token = readSessionCookie(request.headers.get("cookie"));
    if (!token) return none;
    try {
      const read = readToken(token);
      if (!read) return none;
      const user = await loadSessionUser(read.claims, read.hash);
      return {
        session: { token, user: { id: user.id, username: user.username, role: user.role, exp: read.exp } },
        clearCookie: null,
      };
    } catch (error) {
      if (error instanceof Unauthorized || error instanceof Forbidden) {
        return { session: null, clearCookie: clearedPageCookie({ deps }) };
      }
      throw error;
    }
  };
}

export type ReadPageSession = ReturnType<typeof pageSessionReader>;
