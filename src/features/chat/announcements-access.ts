import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Forbidden, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { assertClubPermission } from "../clubs";
import { findClubAccess } from "./queries";

/**
 * Who may read and write a club's Avisos channel. Unlike the club chat, the owner is in it: it
 * is where the owner speaks. Readers: the owner, the members (officers are members) and admins;
 * anyone else gets the club chat's refusal. Writers: the owner, admins and officers holding
 * `post` (the one permission rule, clubs/access.ts); a member reads and reacts only.
 */
export function assertAnnouncementsReadable(
  user: SessionUser,
  access: { ownerId: number | null; isMember: boolean },
) {
  if (access.ownerId === user.id || user.role === "admin") return;
  if (!access.isMember) throw new Forbidden(m.chat.joinToChat);
}

/** Reads the club's access facts and refuses who may not read its Avisos (404 for no club). */
export async function assertAnnouncementsReader(db: Database, user: SessionUser, clubId: number) {
  const access = await findClubAccess(db, { userId: user.id, clubId });
  if (!access) throw new NotFound(m.chat.clubNotFound);
  assertAnnouncementsReadable(user, access);
  return access;
}

/** Refuses (403 with a detail) who may read but not write; 404 for no club. */
export async function assertAnnouncementsWriter(db: Database, user: SessionUser, clubId: number) {
  const access = await assertAnnouncementsReader(db, user, clubId);
  await assertClubPermission({
    db,
    user,
    club: { id: clubId, ownerId: access.ownerId },
    permission: "post",
    detail: m.avisos.writersOnly,
  });
}
