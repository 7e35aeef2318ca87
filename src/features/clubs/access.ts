import type { Executor } from "../../lib/database/client";
import type { SessionUser } from "../../lib/session-token";
import { selectClubAccess } from "./queries";

/** The clubs feature's public access rules: other features check club rights through these. */

/**
 * The one rule for editing a club, its requests, members and posts: an admin, or the club's
 * owner while they still hold the owner role (an owner demoted to member loses these rights;
 * the role is re-read on every request).
 */
export function canEditClub(user: SessionUser | null, club: { ownerId: number | null }): boolean {
  if (!user) return false;
  if (user.role === "admin") return true;
  return user.role === "owner" && club.ownerId !== null && club.ownerId === user.id;
}

/** A club's id, owner and whether it takes join requests; null when there is no such club. */
export function findClubAccess(db: Executor, clubId: number) {
  return selectClubAccess(db, clubId);
}
