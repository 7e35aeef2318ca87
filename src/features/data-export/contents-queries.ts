import { eq, inArray, sql } from "drizzle-orm";
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
import { selectOwnRow, selectOwnRows } from "./own-rows-queries";

/**
 * What the app holds about one person, every query keyed on that person's own id. Each selects
 * its columns by name: never the password hash, the token version or codes, and never a column
 * naming another person beyond an id (no one else's name or e-mail).
 */

export function selectProfile(db: Executor, userId: number) {
  return selectOwnRow(db, userId, {
    columns: {
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
    },
    from: users,
    owner: users.id,
  });
}

/** What the person said interests them ("What interests you?"), if they ever answered. */
export function selectInterests(db: Executor, userId: number) {
  return selectOwnRow(db, userId, {
    columns: {
      tags: userInterests.tags,
      region: userInterests.region,
      school: userInterests.school,
      updatedAt: userInterests.updatedAt,
    },
    from: userInterests,
    owner: userInterests.userId,
  });
}

/** Whether a private calendar feed exists; its token (a live secret) is not read. */
export function selectCalendarFeed(db: Executor, userId: number) {
  return selectOwnRow(db, userId, {
    columns: { createdAt: calendarFeeds.createdAt },
    from: calendarFeeds,
    owner: calendarFeeds.userId,
  });
}

export function selectMemberships(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: { clubId: clubs.id, clubName: clubs.name, joinedAt: clubMembers.joinedAt },
    from: clubMembers,
    join: { table: clubs, on: eq(clubs.id, clubMembers.clubId) },
    owner: clubMembers.userId,
    order: clubMembers.joinedAt,
  });
}

export function selectOwnedClubs(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: { clubId: clubs.id, clubName: clubs.name, createdAt: clubs.createdAt },
    from: clubs,
    owner: clubs.ownerId,
    order: clubs.id,
  });
}

export function selectJoinRequests(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: { clubId: clubs.id, clubName: clubs.name, createdAt: connectionRequests.createdAt },
    from: connectionRequests,
    join: { table: clubs, on: eq(clubs.id, connectionRequests.clubId) },
    owner: connectionRequests.userId,
    order: connectionRequests.createdAt,
  });
}

/** The decision and its dates, not which admin decided. */
export function selectOwnerRequests(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: {
      status: ownerRequests.status,
      createdAt: ownerRequests.createdAt,
      decidedAt: ownerRequests.decidedAt,
    },
    from: ownerRequests,
    owner: ownerRequests.userId,
    order: ownerRequests.createdAt,
  });
}

export function selectAuthoredPosts(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: {
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
    },
    from: posts,
    owner: posts.authorId,
    order: posts.id,
  });
}

export function selectComments(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: {
      id: comments.id,
      postId: comments.postId,
      content: comments.content,
      createdAt: comments.createdAt,
    },
    from: comments,
    owner: comments.userId,
    order: comments.id,
  });
}

/** Messages the person sent (direct or club); those they received are other people's words. */
export function selectSentMessages(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: {
      id: messages.id,
      recipientId: messages.recipientId,
      clubId: messages.clubId,
      announcementClubId: messages.announcementClubId,
      content: messages.content,
      createdAt: messages.createdAt,
      editedAt: messages.editedAt,
    },
    from: messages,
    owner: messages.senderId,
    order: messages.id,
  });
}

export function selectRsvps(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: {
      postId: eventRsvps.postId,
      title: posts.title,
      status: eventRsvps.status,
      updatedAt: eventRsvps.updatedAt,
    },
    from: eventRsvps,
    join: { table: posts, on: eq(posts.id, eventRsvps.postId) },
    owner: eventRsvps.userId,
    order: eventRsvps.updatedAt,
  });
}

export function selectLikes(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: { postId: postLikes.postId, createdAt: postLikes.createdAt },
    from: postLikes,
    owner: postLikes.userId,
    order: postLikes.createdAt,
  });
}

export function selectFavorites(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: { postId: postFavorites.postId, createdAt: postFavorites.createdAt },
    from: postFavorites,
    owner: postFavorites.userId,
    order: postFavorites.createdAt,
  });
}

/**
 * Reports the person made. Not the reported text's copy (`snapshot`) nor its author: those are
 * someone else's words and identity. Reports about the person are not read at all.
 */
export function selectReportsMade(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: {
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      resolution: reports.resolution,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
    },
    from: reports,
    owner: reports.reporterId,
    order: reports.id,
  });
}

export function selectBlocks(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: { userId: userBlocks.blockedId, createdAt: userBlocks.createdAt },
    from: userBlocks,
    owner: userBlocks.blockerId,
    order: userBlocks.createdAt,
  });
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
export function selectPollVotes(db: Executor, userId: number) {
  return selectOwnRows(db, userId, {
    columns: {
      pollId: polls.id,
      question: polls.question,
      options: polls.options,
      choices: pollVotes.choices,
      votedAt: pollVotes.votedAt,
    },
    from: pollVotes,
    join: { table: polls, on: eq(polls.id, pollVotes.pollId) },
    owner: pollVotes.userId,
    order: pollVotes.votedAt,
  });
}
