import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { assertClubPermission } from "../clubs";
import { uploadUrl } from "../uploads";
import { findEventClub, listAttendeeRows, lockEvent } from "./queries";
import type { AttendeesJson } from "./schema";

/** Who is going and who waits, in arrival order: for the club's owner and admins only. */
export async function listAttendees({
  db,
  user,
  postId,
}: {
  db: Database;
  user: SessionUser;
  postId: number;
}): Promise<AttendeesJson> {
  const event = await findEventClub(db, postId);
  if (!event?.isEvent) throw new NotFound(m.events.eventNotFound);
  const club = { id: event.clubId, ownerId: event.clubOwnerId };
  await assertClubPermission({ db, user, club, permission: "check_in", detail: m.events.notClubOwner });
  // One snapshot: the list and the counts agree even while answers arrive.
  return await db.transaction(async (tx) => {
    const counts = await lockEvent(tx, postId);
    const rows = await listAttendeeRows(tx, postId);
    const present = (row: (typeof rows)[number]) => ({
      id: row.id,
      username: row.username,
      first_name: row.firstName,
      last_name: row.lastName,
      profile_picture_url: uploadUrl(row.profilePictureId),
    });
    return {
      going: rows.filter((r) => r.status === "going").map(present),
      waitlist: rows.filter((r) => r.status === "waitlisted").map(present),
      going_count: counts?.goingCount ?? 0,
      waitlist_count: counts?.waitlistCount ?? 0,
      capacity: counts?.capacity ?? null,
    };
  });
}
