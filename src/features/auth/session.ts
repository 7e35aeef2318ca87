import { formatDateTime } from "../../../common/datetime";
import { ROLES } from "../../../common/enums";
import { format, m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Forbidden, Unauthorized } from "../../lib/errors";
import { changeKeys } from "../../lib/poll-memory/keys";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser, TokenClaims } from "../../lib/session-token";
import { recordAccountLocale } from "../../platform/locale/request-locale";
import { findSessionUser } from "./session-queries";

/** A banned account cannot use the app until the ban ends (checked on every signed-in request); the end is shown in Managua time. */
function assertNotBanned(user: { banUntil: Date | null }): void {
  if (user.banUntil && user.banUntil > new Date()) {
    throw new Forbidden(format(m.auth.bannedUntil, { until: formatDateTime(user.banUntil) }));
  }
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

/**
 * Who a verified token belongs to, checked on every request so that bans, role changes,
 * password changes (a new token version) and the log-out of this token (its hash in
 * revoked_tokens) take effect on existing tokens at once. The account row, with whether this
 * token was revoked, comes from the process's poll memory while it is unchanged: every update or
 * deletion of a user, and every log-out, NOTIFYs the account's `a` key (migrations
 * 0025_poll_change_keys and 0026_revoked_token_keys), so a ban or a log-out reaches every
 * replica with the NOTIFY, and a ban's end is compared with the clock on each request. The auth
 * plugin is handed this by app.ts, so the plugin itself knows nothing of features.
 */
export function sessionLoader(db: Database, memory: PollMemory) {
  async function findAccount(id: number, tokenHash: string, remember: boolean) {
    // Per token: a log-out revokes one token and leaves the person's other devices signed in.
    const memoKey = `session:${id}:${tokenHash}`;
    const known = memory.recall<SessionRow>("session", memoKey);
    if (known) return known;
    if (!remember) return await findSessionUser(db, { id, tokenHash });
    const deps = memory.snapshot([changeKeys.access(id)]);
    const row = await findSessionUser(db, { id, tokenHash });
    if (row) memory.remember(memoKey, row, deps);
    return row;
  }

  /**
   * `remember: false` reads the account without leaving a memo (nor its key's version) behind:
   * for a caller that keeps the person itself and checks again on the account's `a` key, as a
   * live socket does (src/features/live/client-frames.ts). A memo per socket would sit in the
   * poll memory for as long as the socket lives, serving nothing (docs/capacity.md, "Memory").
   */
  return async function loadSessionUser(
    claims: TokenClaims,
    tokenHash: string,
    { remember = true }: { remember?: boolean } = {},
  ): Promise<SessionUser> {
    const row = await findAccount(claims.id, tokenHash, remember);
    if (!row || row.tokenVersion !== claims.ver || row.revoked) throw new Unauthorized(m.auth.invalidToken);
    recordAccountLocale(row.locale);
    assertNotBanned(row);
    // The role as the one constant string, not the copy each row brings: a live socket keeps
    // its SessionUser for hours (docs/capacity.md "Memory per socket (branch `mem48`)").
    const role = ROLES.find((known) => known === row.role) ?? row.role;
    return { id: row.id, username: row.username, role, muteUntil: row.muteUntil };
  };
}
