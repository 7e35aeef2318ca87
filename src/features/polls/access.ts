import { m } from "../../../common/messages";
import type { Executor } from "../../lib/database/client";
import type { SessionUser } from "../../lib/session-token";
import { assertClubPermission, canEditClub } from "../clubs/access";
import { assertNotMuted } from "../users/moderation";

/**
 * Who may publish a poll in a club: whoever may post there (the club's owner, an admin, or an
 * officer given the `post` permission: clubs/access.ts), as for posts and events.
 */
export async function assertCanPostInClub({
  db,
  user,
  club,
}: {
  db: Executor;
  user: SessionUser;
  club: { id: number; ownerId: number | null };
}): Promise<void> {
  await assertClubPermission({ db, user, club, permission: "post", detail: m.polls.notAllowed });
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
