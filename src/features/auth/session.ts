import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Unauthorized } from "../../lib/errors";
import { applyAccountLocale } from "../../lib/locale";
import type { SessionUser, TokenClaims } from "../../lib/session-token";
import { assertNotBanned } from "../users/moderation";
import { findSessionUser } from "./session-queries";

/**
 * Who a verified token belongs to, re-read on every request so that bans, role changes,
 * password changes (a new token version) and the log-out of this token (its hash in
 * revoked_tokens) take effect on existing tokens at once. The auth plugin is handed this by
 * app.ts, so the plugin itself knows nothing of features.
 */
export function sessionLoader(db: Database) {
  return async function loadSessionUser(claims: TokenClaims, tokenHash: string): Promise<SessionUser> {
    const row = await findSessionUser(db, { id: claims.id, tokenHash });
    if (!row || row.tokenVersion !== claims.ver || row.revoked) throw new Unauthorized(m.auth.invalidToken);
    applyAccountLocale(row.locale);
    assertNotBanned(row);
    return { id: row.id, username: row.username, role: row.role, muteUntil: row.muteUntil };
  };
}

export type LoadSessionUser = ReturnType<typeof sessionLoader>;
