import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { clubMembers, clubs, comments, messages, posts, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/**
 * Reads of the reported things themselves (posts, comments, chat messages, clubs, users): who
 * wrote them, their text, and what surrounds them for the moderation queue.
 */

const person = {
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

export async function findPostTarget(db: Executor, id: number) {
  const rows = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      clubId: posts.clubId,
      clubName: clubs.name,
      title: posts.title,
      text: sql<string | null>`coalesce(${posts.shortDescription}, ${posts.content})`,
      held: posts.held,
    })
    .from(posts)
    .innerJoin(clubs, eq(clubs.id, posts.clubId))
    .where(eq(posts.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findCommentTarget(db: Executor, id: number) {
  const rows = await db
    .select({
      id: comments.id,
      authorId: comments.userId,
      postId: comments.postId,
      postTitle: posts.title,
      content: comments.content,
      createdAt: comments.createdAt,
      held: comments.held,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * A chat message, and whether `viewerId` is a member of its club (for a club message or an
 * aviso; `clubId` is the club of either, `inAnnouncements` tells an aviso apart) or its owner.
 */
export async function findMessageTarget(db: Executor, id: number, viewerId: number) {
  const club = sql<number | null>`coalesce(${messages.clubId}, ${messages.announcementClubId})`;
  const rows = await db
    .select({
      id: messages.id,
      authorId: messages.senderId,
      recipientId: messages.recipientId,
      clubId: club,
      inAnnouncements: sql<boolean>`${messages.announcementClubId} is not null`,
      clubName: clubs.name,
      userLow: messages.userLow,
      userHigh: messages.userHigh,
      content: messages.content,
      held: messages.held,
      viewerIsMember: sql<boolean>`exists (select 1 from ${clubMembers} where ${clubMembers.clubId} = ${club} and ${clubMembers.userId} = ${viewerId})`,
      viewerIsOwner: sql<boolean>`coalesce(${clubs.ownerId} = ${viewerId}, false)`,
    })
    .from(messages)
    .leftJoin(clubs, eq(clubs.id, club))
    .where(eq(messages.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findClubTarget(db: Executor, id: number) {
  const rows = await db
    .select({ id: clubs.id, authorId: clubs.ownerId, name: clubs.name, description: clubs.description })
    .from(clubs)
    .where(eq(clubs.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserTarget(db: Executor, id: number) {
  const rows = await db
    .select({ id: users.id, ...person, description: users.description })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

const commentColumns = {
  id: comments.id,
  senderId: comments.userId,
  content: comments.content,
  createdAt: comments.createdAt,
  ...person,
};

/** The reported comment with up to `around` comments on each side, oldest first. */
export async function selectCommentThread(
  db: Executor,
  {
    postId,
    commentId,
    createdAt,
    around,
  }: { postId: number; commentId: number; createdAt: Date; around: number },
) {
  const at = sql`(${comments.createdAt}, ${comments.id})`;
  const here = sql`(${createdAt.toISOString()}::timestamptz, ${commentId}::int)`;
  const before = await db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.postId, postId), sql`${at} < ${here}`))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(around);
  const after = await db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.postId, postId), sql`${at} >= ${here}`))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(around + 1);
  return [...before.reverse(), ...after];
}

const messageColumns = {
  id: messages.id,
  senderId: messages.senderId,
  content: messages.content,
  createdAt: messages.createdAt,
  ...person,
};

/** The reported message with up to `before` earlier and `after` later ones of its conversation (an aviso: of its Avisos). */
export async function selectMessageWindow(
  db: Executor,
  {
    messageId,
    clubId,
    inAnnouncements = false,
    userLow,
    userHigh,
    before,
    after,
  }: {
    messageId: number;
    clubId: number | null;
    inAnnouncements?: boolean;
    userLow: number | null;
    userHigh: number | null;
    before: number;
    after: number;
  },
) {
  const conversation =
    clubId !== null
      ? eq(inAnnouncements ? messages.announcementClubId : messages.clubId, clubId)
      : and(eq(messages.userLow, userLow ?? 0), eq(messages.userHigh, userHigh ?? 0));
  const earlier = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(conversation, lt(messages.id, messageId)))
    .orderBy(desc(messages.id))
    .limit(before);
  const later = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(and(conversation, gte(messages.id, messageId)))
    .orderBy(asc(messages.id))
    .limit(after + 1);
  return [...earlier.reverse(), ...later];
}
