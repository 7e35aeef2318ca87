import type { Executor } from "../../lib/database/client";
import { Forbidden } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { selectOfficerPermissions } from "./officer-queries";
import { CLUB_PERMISSIONS, type ClubPermission } from "./permissions";
import { selectClubAccess } from "./queries";

/** The clubs feature's public access rules: other features check club rights through these. */

/**
 * The owner's (or an admin's) rights over a club: an admin, or the club's owner while they
 * still hold the owner role (an owner demoted to member loses these rights; the role is re-read
 * on every request). Officers' rights are checked by hasClubPermission, which starts here.
 */
export function canEditClub(user: SessionUser | null, club: { ownerId: number | null }): boolean {
  if (!user) return false;
  if (user.role === "admin") return true;
  return user.role === "owner" && club.ownerId !== null && club.ownerId === user.id;
}

type PermissionCheck = {
  db: Executor;
  user: SessionUser | null;
  club: { id: number; ownerId: number | null };
  permission: ClubPermission;
};

/**
 * The one rule for every call an officer may be given: the owner and admins always may; an
 * officer of this club may when the owner gave them `permission` (officers need no role: a
 * member account named secretary takes attendance).
 */
export async function hasClubPermission({ db, user, club, permission }: PermissionCheck): Promise<boolean> {
  if (!user) return false;
  if (canEditClub(user, club)) return true;
  return holdsClubPermission({
    user,
    club,
    granted: await selectOfficerPermissions(db, club.id, user.id),
    permission,
  });
}

/**
 * hasClubPermission's rule when the viewer's officer permissions were already read (`granted`,
 * null for no officer): listings read them per row in their own statement (the feed's can_edit).
 */
export function holdsClubPermission({
  user,
  club,
  granted,
  permission,
}: {
  user: SessionUser | null;
  club: { ownerId: number | null };
  granted: readonly string[] | null;
  permission: ClubPermission;
}): boolean {
  if (!user) return false;
  if (canEditClub(user, club)) return true;
  return granted?.includes(permission) ?? false;
}

/**
 * Every permission `user` holds in the club, for screens to show what the API will allow: all of
 * them for admins; for the owner all but moderate_chat (the spec keeps owners out of their
 * club's chat); an officer's own; none for anyone else.
 */
export async function listClubPermissions({
  db,
  user,
  club,
}: Omit<PermissionCheck, "permission">): Promise<ClubPermission[]> {
  if (!user) return [];
  if (user.role === "admin") return [...CLUB_PERMISSIONS];
  if (canEditClub(user, club)) return CLUB_PERMISSIONS.filter((p) => p !== "moderate_chat");
  const granted = (await selectOfficerPermissions(db, club.id, user.id)) ?? [];
  return CLUB_PERMISSIONS.filter((p) => granted.includes(p));
}

/** hasClubPermission, or a 403 with the call's own `detail`. */
export async function assertClubPermission(check: PermissionCheck & { detail: string }): Promise<void> {
  if (!(await hasClubPermission(check))) throw new Forbidden(check.detail);
}

/** A club's id, owner and whether it takes join requests; null when there is no such club. */
export function findClubAccess(db: Executor, clubId: number) {
  return selectClubAccess(db, clubId);
}
