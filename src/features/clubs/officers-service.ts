import type { ClubPermission, OfficerBody, OfficerJson } from "../../../common/api/club-officers";
import { displayName } from "../../../common/display-name";
import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Conflict, Forbidden, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { reportScreenedText, screenTexts } from "../watched-words";
import { canEditClub, findClubAccess } from "./access";
import { deleteOfficerRow, selectIsClubMember, selectOfficers, upsertOfficer } from "./officer-queries";

async function findClub(db: Database, clubId: number) {
  const club = await findClubAccess(db, clubId);
  if (!club) throw new NotFound(m.clubs.notFound);
  return club;
}

/** Only the owner (while an owner) and admins name officers: an officer cannot grant rights. */
async function findManagedClub(db: Database, user: SessionUser, clubId: number) {
  const club = await findClub(db, clubId);
  if (!canEditClub(user, club)) throw new Forbidden(m.officers.manageForbidden);
  return club;
}

/** The Directiva with titles: for the club's members, its owner and admins. */
export async function listOfficers({
  db,
  user,
  clubId,
}: {
  db: Database;
  user: SessionUser;
  clubId: number;
}): Promise<OfficerJson[]> {
  const club = await findClub(db, clubId);
  const allowed =
    user.role === "admin" || club.ownerId === user.id || (await selectIsClubMember(db, clubId, user.id));
  if (!allowed) throw new Forbidden(m.officers.listForbidden);
  const rows = await selectOfficers(db, clubId);
  return rows.map((row) => ({
    user_id: row.userId,
    username: row.username,
    display_name: displayName(row),
    title: row.title,
    permissions: row.permissions as ClubPermission[],
  }));
}

/** Names a member as an officer (or changes their title and permissions). */
export async function setOfficer({
  db,
  user,
  clubId,
  userId,
  input,
}: {
  db: Database;
  user: SessionUser;
  clubId: number;
  userId: number;
  input: OfficerBody;
}): Promise<OfficerJson> {
  const club = await findManagedClub(db, user, clubId);
  if (club.ownerId === userId) throw new Conflict(m.officers.ownerIsNoOfficer);
  if (!(await selectIsClubMember(db, clubId, userId))) throw new Conflict(m.officers.notMember);
  const screened = await screenTexts({ db, kind: "club", authorId: user.id, texts: [input.title] });
  const title = screened.texts[0] ?? input.title;
  await db.transaction(async (tx) => {
    await upsertOfficer(tx, { clubId, userId, title, permissions: input.permissions });
    // A flagged title goes to the moderation queue with its club, like the club's own texts.
    await reportScreenedText({ db: tx, screened, targetType: "club", targetId: clubId, authorId: user.id });
  });
  const named = (await listOfficers({ db, user, clubId })).find((o) => o.user_id === userId);
  return named!;
}

/** Takes a member off the Directiva; they stay a member. */
export async function removeOfficer({
  db,
  user,
  clubId,
  userId,
}: {
  db: Database;
  user: SessionUser;
  clubId: number;
  userId: number;
}) {
  await findManagedClub(db, user, clubId);
  if (!(await deleteOfficerRow(db, clubId, userId))) throw new NotFound(m.officers.notOfficer);
  return { ok: true as const };
}
