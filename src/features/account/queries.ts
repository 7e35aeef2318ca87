import { and, asc, eq, gt, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import {
  clubMembers,
  clubs,
  conversationReads,
  messages,
  postFavorites,
  postLikes,
  posts,
  users,
} from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** The account's row, locked until the transaction ends (password change, deletion). */
export async function lockAccount(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      username: sql<string>`${users.username}::text`,
      role: users.role,
      passwordHash: users.passwordHash,
      profilePictureId: users.profilePictureId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return rows[0] ?? null;
}

/**
 * New hash and a new token version: every token issued before stops working at once (and, by
 * migration 0039's trigger, the person's push subscriptions and calendar feed token go).
 */
export async function setPassword(db: Executor, userId: number, passwordHash: string) {
  const rows = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  return rows[0]!.tokenVersion;
}

/**
 * A new token version with the same password: every token issued before stops working, and the
 * triggers of migration 0039_session_bound_pushes delete the person's push subscriptions and
 * calendar feed token with it. Null when the account is gone.
 */
export async function bumpTokenVersion(db: Executor, userId: number) {
  const rows = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({
      tokenVersion: users.tokenVersion,
      username: sql<string>`${users.username}::text`,
      role: users.role,
    });
  return rows[0] ?? null;
}

/** The admin who takes over a deleted owner's clubs: the longest-standing other admin. */
export async function findOtherAdmin(db: Executor, userId: number): Promise<number | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), ne(users.id, userId)))
    .orderBy(asc(users.id))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function listOwnedClubIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: clubs.id })
    .from(clubs)
    .where(eq(clubs.ownerId, userId))
    .orderBy(asc(clubs.id));
  return rows.map((row) => row.id);
}

/** Names of the clubs the person owns that have members: those must be handed over first. */
export async function listOwnedClubsWithMembers(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: clubs.name })
    .from(clubs)
    .where(and(eq(clubs.ownerId, userId), gt(clubs.memberCount, 0)))
    .orderBy(asc(clubs.id));
  return rows.map((row) => row.name);
}

export async function handOverClubs(db: Executor, clubIds: number[], adminId: number) {
  if (clubIds.length === 0) return;
  await db.update(clubs).set({ ownerId: adminId, updatedAt: new Date() }).where(inArray(clubs.id, clubIds));
}

/**
 * The counters that count this person's rows go down by one before the rows go (the foreign
 * keys delete likes, favorites and memberships with the account), so they stay exact.
 */
export async function uncountPersonMarks(db: Executor, userId: number) {
  await db
    .update(posts)
    .set({ likeCount: sql`${posts.likeCount} - 1` })
    .where(
      inArray(
        posts.id,
        db.select({ id: postLikes.postId }).from(postLikes).where(eq(postLikes.userId, userId)),
      ),
    );
  await db
    .update(posts)
    .set({ favoriteCount: sql`${posts.favoriteCount} - 1` })
    .where(
      inArray(
        posts.id,
        db.select({ id: postFavorites.postId }).from(postFavorites).where(eq(postFavorites.userId, userId)),
      ),
    );
  await db
    .update(clubs)
    .set({ memberCount: sql`${clubs.memberCount} - 1` })
    .where(
      inArray(
        clubs.id,
        db.select({ id: clubMembers.clubId }).from(clubMembers).where(eq(clubMembers.userId, userId)),
      ),
    );
}

/**
 * The photos of the chat messages that go with the account (sent or received directly: both
 * rows go), so their uploads can be deleted once nothing else uses them.
 */
export async function listMessagePhotoIds(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ imageId: messages.imageId })
    .from(messages)
    .where(
      and(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)), isNotNull(messages.imageId)),
    );
  return rows.flatMap((row) => (row.imageId ? [row.imageId] : []));
}

/**
 * Deletes the account row. Its likes, favorites, memberships, requests, answers, codes, blocks,
 * read marks and chat messages go with it (foreign keys); comments and posts stay with no
 * author. The other side's read mark of a direct conversation with this person goes too.
 */
export async function deleteAccountRow(db: Executor, userId: number) {
  await db.delete(conversationReads).where(eq(conversationReads.conversationKey, `user:${userId}`));
  await db.delete(users).where(eq(users.id, userId));
}
