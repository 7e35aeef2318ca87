import { and, asc, eq, gte, sql } from "drizzle-orm";
import { calendarFeeds, clubs, eventRsvps, posts } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";
import { eventDetailColumns } from "./queries";

/**
 * The calendar feeds' queries: a club's public feed, a person's private feed and the secret
 * token in its address.
 */

/**
 * A club's events from `since` on, soonest first (its public calendar feed). Calendar feeds are
 * read by calendar apps, not by a signed-in author, so held events (a watched word) are left
 * out of both feeds until an admin approves them.
 */
export async function listClubEventDetails(db: Executor, clubId: number, since: Date, limit: number) {
  return await db
    .select(eventDetailColumns)
    .from(posts)
    .innerJoin(clubs, eq(clubs.id, posts.clubId))
    .where(
      and(
        eq(posts.clubId, clubId),
        eq(posts.isEvent, true),
        eq(posts.held, false),
        gte(posts.eventDate, since),
      ),
    )
    .orderBy(asc(posts.eventDate))
    .limit(limit);
}

/** The events a user is going to, from `since` on (their personal feed). */
export async function listGoingEventDetails(db: Executor, userId: number, since: Date, limit: number) {
  return await db
    .select(eventDetailColumns)
    .from(eventRsvps)
    .innerJoin(posts, eq(posts.id, eventRsvps.postId))
    .innerJoin(clubs, eq(clubs.id, posts.clubId))
    .where(
      and(
        eq(eventRsvps.userId, userId),
        eq(eventRsvps.status, "going"),
        eq(posts.held, false),
        gte(posts.eventDate, since),
      ),
    )
    .orderBy(asc(posts.eventDate))
    .limit(limit);
}

export async function clubName(db: Executor, clubId: number): Promise<string | null> {
  const rows = await db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, clubId));
  return rows[0]?.name ?? null;
}

export async function findFeedToken(db: Executor, userId: number): Promise<string | null> {
  const rows = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return rows[0]?.token ?? null;
}

/** Sets the user's feed token; the old one (if any) stops working at once. */
export async function saveFeedToken(db: Executor, userId: number, token: string) {
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: sql`now()` } });
}

export async function findFeedOwner(db: Executor, token: string): Promise<number | null> {
  const rows = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  return rows[0]?.userId ?? null;
}

/** Keeps an existing token (two first visits at once agree on one); returns the user's token. */
export async function ensureFeedToken(db: Executor, userId: number, token: string): Promise<string> {
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoNothing({ target: calendarFeeds.userId });
  return (await findFeedToken(db, userId)) ?? token;
}
