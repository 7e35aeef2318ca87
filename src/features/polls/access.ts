import { m } from "../../../common/messages";
import type { Executor } from "../../lib/database/client";
import type { SessionUser } from "../../lib/session-token";
import { assertClubPermission, hasClubPermission } from "../clubs";
import { assertNotMuted } from "../users";

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

/**
 * Closing: the poll's creator, or whoever may post in the club (its owner, an admin, an officer
 * with `post`: the one permission rule, clubs/access.ts; issue 49 lets officers close polls).
 */
export async function canClosePoll({
  db,
  user,
  poll,
}: {
  db: Executor;
  user: SessionUser | null;
  poll: { creatorId: number | null; clubId: number; clubOwnerId: number | null };
}): Promise<boolean> {
  if (!user) return false;
  if (poll.creatorId === user.id) return true;
  const club = { id: poll.clubId, ownerId: poll.clubOwnerId };
  return await hasClubPermission({ db, user, club, permission: "post" });
}
