import { and, eq, ne, sql } from "drizzle-orm";
import type { Gender, Region } from "../../../common/enums";
import { users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/**
 * One query for the whole profile: the user, their clubs, whether an owner request waits and
 * whether `viewerId` shares a club with them (membership or ownership: users_share_club()).
 * The subqueries name "users"."id" in full: drizzle renders a bare "id", which the inner FROM
 * would capture.
 */
export async function findProfileRow(db: Executor, userId: number, viewerId: number = userId) {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      email: users.email,
      school: users.school,
      region: users.region,
      gender: users.gender,
      description: users.description,
      profilePictureId: users.profilePictureId,
      banUntil: users.banUntil,
      muteUntil: users.muteUntil,
      testAccount: users.testAccount,
      locale: users.locale,
      emailVerified: users.emailVerified,
      clubs: sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id)
        from club_members cm join clubs c on c.id = cm.club_id
        where cm.user_id = "users"."id"), '[]'::json)`,
      ownerRequestPending: sql<boolean>`exists(
        select 1 from owner_requests r where r.user_id = "users"."id" and r.status = 'pending')`,
      sharesClubWithViewer: sql<boolean>`users_share_club(${viewerId}::int, "users"."id")`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

/** The account that verified this address, if any other than `exceptUserId` did (only those are unique). */
export async function findVerifiedEmailHolder(db: Executor, email: string, exceptUserId: number | null) {
  const verified = and(eq(users.email, email), eq(users.emailVerified, true));
  const rows = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName })
    .from(users)
    .where(exceptUserId === null ? verified : and(verified, ne(users.id, exceptUserId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function lockProfile(db: Executor, userId: number) {
  const rows = await db
    .select({ username: users.username, email: users.email, profilePictureId: users.profilePictureId })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return rows[0] ?? null;
}

export type ProfileUpdate = {
  firstName?: string;
  middleName?: string | null;
  lastName?: string;
  email?: string;
  emailVerified?: boolean;
  school?: string | null;
  region?: Region | null;
  gender?: Gender | null;
  description?: string | null;
  profilePictureId?: string;
};

export async function updateProfileFields(db: Executor, userId: number, values: ProfileUpdate) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
