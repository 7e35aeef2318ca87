import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Unauthorized } from "../../lib/errors";
import { applyAccountLocale } from "../../lib/locale";
import { changeKeys } from "../../lib/poll-memory/keys";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser, TokenClaims } from "../../lib/session-token";
import { assertNotBanned } from "../users/moderation";
import { findSessionUser } from "./session-queries";

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

/**
 * Who a verified token belongs to, checked on every request so that bans, role changes and
 * password changes (a new token version) take effect on existing tokens at once. The account
 * row comes from the process's poll memory while it is unchanged: every update or deletion of
 * a user NOTIFYs its `a` key (migration 0017), so a ban reaches every replica with the NOTIFY,
 * and a ban's end is compared with the clock on each request. The auth plugin is handed this by
 * app.ts, so the plugin itself knows nothing of features.
 */
export function sessionLoader(db: Database, memory: PollMemory) {
  async function findAccount(id: number) {
    const memoKey = `session:${id}`;
    const known = memory.recall<SessionRow>("session", memoKey);
    if (known) return known;
    const deps = memory.snapshot([changeKeys.access(id)]);
    const row = await findSessionUser(db, id);
    if (row) memory.remember(memoKey, row, deps);
    return row;
  }

  return async function loadSessionUser(claims: TokenClaims): Promise<SessionUser> {
    const row = await findAccount(claims.id);
    if (!row || row.tokenVersion !== claims.ver) throw new Unauthorized(m.auth.invalidToken);
    applyAccountLocale(row.locale);
    assertNotBanned(row);
    return { id: row.id, username: row.username, role: row.role, muteUntil: row.muteUntil };
  };
}

export type LoadSessionUser = ReturnType<typeof sessionLoader>;
