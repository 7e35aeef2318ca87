import { m } from "../../../common/messages";
import type { Executor } from "../../lib/database/client";
import { Forbidden } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { canEditClub } from "../clubs/access";
import { assertNotMuted } from "../users/moderation";

/**
 * Who may publish a poll in a club: today the club's owner or an admin, like posts. The one
 * place that says so: when officers with the `post` permission arrive, this calls their check
 * (async and given the database already, since that check reads the club's officers).
 */
export async function assertCanPostInClub({
  user,
  club,
}: {
  db: Executor;
  user: SessionUser;
  club: { id: number; ownerId: number | null };
}): Promise<void> {
  if (!canEditClub(user, club)) throw new Forbidden(m.polls.notAllowed);
  assertNotMuted(user);
}

/** Closing: the poll's creator (while they may still post there), the club's owner, or an admin. */
export function canClosePoll(
  user: SessionUser | null,
  poll: { creatorId: number | null; clubId: number; clubOwnerId: number | null },
): boolean {
  if (!user) return false;
  if (canEditClub(user, { ownerId: poll.clubOwnerId })) return true;
  return poll.creatorId === user.id;
}
