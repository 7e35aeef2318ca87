import { asc, eq, inArray, sql } from "drizzle-orm";
import {
  calendarFeeds,
  clubMembers,
  clubs,
  comments,
  connectionRequests,
  eventRsvps,
  messages,
  ownerRequests,
  polls,
  pollVotes,
  postFavorites,
  postLikes,
  posts,
  reports,
  uploads,
  userBlocks,
  userInterests,
  users,
} from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/**
 * What the app holds about one person, every query keyed on that person's own id. Each selects
 * its columns by name: never the password hash, the token version or codes, and never a column
 * naming another person beyond an id (no one else's name or e-mail).
 */

export async function selectProfile(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: sql<string>`${users.username}::text`,
      role: users.role,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      email: sql<string | null>`${users.email}::text`,
      emailVerified: users.emailVerified,
      school: users.school,
      region: users.region,
      gender: users.gender,
      description: users.description,
      profilePictureId: users.profilePictureId,
      banUntil: users.banUntil,
      muteUntil: users.muteUntil,
      testAccount: users.testAccount,
      locale: users.locale,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** What the person said interests them ("What interests you?"), if they ever answered. */
export async function selectInterests(db: Executor, userId: number) {
  const [row] = await db
    .select({
      tags: userInterests.tags,
      region: userInterests.region,
      school: userInterests.school,
      updatedAt: userInterests.updatedAt,
    })
    .from(userInterests)
    .where(eq(userInterests.userId, userId));
  return row ?? null;
}

/** Whether a private calendar feed exists; its token (a live secret) is not read. */
export async function selectCalendarFeed(db: Executor, userId: number) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

export async function selectMemberships(db: Executor, userId: number) {
  return await db
    .select({ clubId: clubs.id, clubName: clubs.name, joinedAt: clubMembers.joinedAt })
    .from(clubMembers)
    .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
    .where(eq(clubMembers.userId, userId))
    .orderBy(asc(clubMembers.joinedAt));
}

export async function selectOwnedClubs(db: Executor, userId: number) {
  return await db
    .select({ clubId: clubs.id, clubName: clubs.name, createdAt: clubs.createdAt })
    .from(clubs)
    .where(eq(clubs.ownerId, userId))
    .orderBy(asc(clubs.id));
}

export async function selectJoinRequests(db: Executor, userId: number) {
  return await db
    .select({ clubId: clubs.id, clubName: clubs.name, createdAt: connectionRequests.createdAt })
    .from(connectionRequests)
    .innerJoin(clubs, eq(clubs.id, connectionRequests.clubId))
    .where(eq(connectionRequests.userId, userId))
    .orderBy(asc(connectionRequests.createdAt));
}

/** The decision and its dates, not which admin decided. */
export async function selectOwnerRequests(db: Executor, userId: number) {
  return await db
    .select({
      status: ownerRequests.status,
      createdAt: ownerRequests.createdAt,
      decidedAt: ownerRequests.decidedAt,
    })
    .from(ownerRequests)
    .where(eq(ownerRequests.userId, userId))
    .orderBy(asc(ownerRequests.createdAt));
}

export async function selectAuthoredPosts(db: Executor, userId: number) {
  return await db
    .select({
      id: posts.id,
      clubId: posts.clubId,
      title: posts.title,
      shortDescription: posts.shortDescription,
      content: posts.content,
      instagramUrl: posts.instagramUrl,
      imageId: posts.imageId,
      isEvent: posts.isEvent,
      eventDate: posts.eventDate,
      eventLocation: posts.eventLocation,
      capacity: posts.capacity,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .where(eq(posts.authorId, userId))
    .orderBy(asc(posts.id));
}

export async function selectComments(db: Executor, userId: number) {
  return await db
    .select({
      id: comments.id,
      postId: comments.postId,
      content: comments.content,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .where(eq(comments.userId, userId))
    .orderBy(asc(comments.id));
}

/** Messages the person sent (direct or club); those they received are other people's words. */
export async function selectSentMessages(db: Executor, userId: number) {
  return await db
    .select({
      id: messages.id,
      recipientId: messages.recipientId,
      clubId: messages.clubId,
      announcementClubId: messages.announcementClubId,
      content: messages.content,
      createdAt: messages.createdAt,
      editedAt: messages.editedAt,
    })
    .from(messages)
    .where(eq(messages.senderId, userId))
    .orderBy(asc(messages.id));
}

export async function selectRsvps(db: Executor, userId: number) {
  return await db
    .select({
      postId: eventRsvps.postId,
      title: posts.title,
      status: eventRsvps.status,
      updatedAt: eventRsvps.updatedAt,
    })
    .from(eventRsvps)
    .innerJoin(posts, eq(posts.id, eventRsvps.postId))
    .where(eq(eventRsvps.userId, userId))
    .orderBy(asc(eventRsvps.updatedAt));
}

export async function selectLikes(db: Executor, userId: number) {
  return await db
    .select({ postId: postLikes.postId, createdAt: postLikes.createdAt })
    .from(postLikes)
    .where(eq(postLikes.userId, userId))
    .orderBy(asc(postLikes.createdAt));
}

export async function selectFavorites(db: Executor, userId: number) {
  return await db
    .select({ postId: postFavorites.postId, createdAt: postFavorites.createdAt })
    .from(postFavorites)
    .where(eq(postFavorites.userId, userId))
    .orderBy(asc(postFavorites.createdAt));
}

/**
 * Reports the person made. Not the reported text's copy (`snapshot`) nor its author: those are
 * someone else's words and identity. Reports about the person are not read at all.
 */
export async function selectReportsMade(db: Executor, userId: number) {
  return await db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      resolution: reports.resolution,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.id));
}

export async function selectBlocks(db: Executor, userId: number) {
  return await db
    .select({ userId: userBlocks.blockedId, createdAt: userBlocks.createdAt })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(asc(userBlocks.createdAt));
}

/** Type and size of the person's pictures, to choose which fit in the file before reading any. */
export async function selectPictureInfo(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return await db
    .select({ id: uploads.id, contentType: uploads.contentType, byteSize: uploads.byteSize })
    .from(uploads)
    .where(inArray(uploads.id, ids));
}

/** One picture's bytes (read one at a time, so a file never holds them all in memory twice). */
export async function selectPictureBytes(db: Executor, id: string) {
  const [row] = await db.select({ data: uploads.data }).from(uploads).where(eq(uploads.id, id));
  return row?.data ?? null;
}

/** The person's own poll votes (anonymous polls included: it is their own choice); never others'. */
export async function selectPollVotes(db: Executor, userId: number) {
  return await db
    .select({
      pollId: polls.id,
      question: polls.question,
      options: polls.options,
      choices: pollVotes.choices,
      votedAt: pollVotes.votedAt,
    })
    .from(pollVotes)
    .innerJoin(polls, eq(polls.id, pollVotes.pollId))
    .where(eq(pollVotes.userId, userId))
    .orderBy(asc(pollVotes.votedAt));
}
