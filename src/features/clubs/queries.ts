import { and, asc, desc, eq, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { Region } from "../../../common/enums";
import { clubMembers, clubs, connectionRequests, posts, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** Folded search text (a stored generated column with a trigram GIN index). */
const searchDocument = clubs.searchText;
/** Same as clubs_tags_folded_idx. */
const foldedTags = sql`string_to_array(f_unaccent(lower(${clubs.tags})), ', ')`;

/** Lower bound of pg_trgm word similarity that still matches a word with one typo. */
export const SEARCH_SIMILARITY = 0.5;

export const clubListColumns = {
  id: clubs.id,
  name: clubs.name,
  description: clubs.description,
  tags: clubs.tags,
  region: clubs.region,
  imageId: clubs.imageId,
  profileImageId: clubs.profileImageId,
  memberCount: clubs.memberCount,
  isOpen: clubs.isOpen,
  coverPositionX: clubs.coverPositionX,
  coverPositionY: clubs.coverPositionY,
};

export type ClubListRow = {
  id: number;
  name: string;
  description: string;
  tags: string;
  region: Region | null;
  imageId: string | null;
  profileImageId: string | null;
  memberCount: number;
  isOpen: boolean;
  coverPositionX: number;
  coverPositionY: number;
};

export const MAX_SEARCH_WORDS = 6;

/** The words a search must all match: short words ("de", "la") only when nothing else is left. */
export function searchWords(q: string): string[] {
  const words = [...new Set(q.trim().split(/\s+/).filter(Boolean))];
  const significant = words.filter((w) => w.length >= 3);
  return (significant.length ? significant : words).slice(0, MAX_SEARCH_WORDS);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type ClubPageOptions = {
  q?: string;
  tag?: string;
  region?: Region | null;
  limit: number;
  offset: number;
};

/**
 * The statement for a page of the club list, with the total in the same scan. Each search word
 * matches a substring of the folded text or a word within one typo (trigram word similarity,
 * served by the GIN index); results are ranked by how well the name, then the whole text,
 * matches the whole query.
 * Exported unexecuted so the benchmark can EXPLAIN exactly this statement.
 */
export function clubPageQuery(db: Executor, options: ClubPageOptions) {
  const where: SQL[] = [];
  const order: SQL[] = [];
  if (options.q) {
    const folded = sql`f_unaccent(lower(${options.q}))`;
    // Every significant word must match (as a substring or within a typo): "marimba granada"
    // finds marimba clubs in Granada, not every club that mentions Granada.
    for (const word of searchWords(options.q)) {
      const pattern = `%${escapeLike(word)}%`;
      where.push(
        sql`(${searchDocument} like f_unaccent(lower(${pattern})) or f_unaccent(lower(${word})) <% ${searchDocument})`,
      );
    }
    order.push(
      sql`word_similarity(${folded}, f_unaccent(lower(${clubs.name}))) desc`,
      sql`word_similarity(${folded}, ${searchDocument}) desc`,
    );
  }
  if (options.tag) where.push(sql`${foldedTags} @> array[f_unaccent(lower(${options.tag}))]`);
  if (options.region) where.push(eq(clubs.region, options.region));
  order.push(desc(clubs.memberCount), asc(clubs.id));
  return db
    .select({ ...clubListColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(clubs)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
}

/**
 * Settings for one search transaction: `<%` reads its threshold from a setting, and seq scans
 * are off. pg_trgm declares its `<%` function with the default COST 1, so the planner prices a
 * sequential scan that computes word similarity for every club far too low (1,000 clubs: the
 * seq scan plan takes ~30 ms, the trigram-index plan 3-6 ms; only a word in every club, like
 * "de", is slower through the index). The right-depth fix, ALTER FUNCTION … COST, needs the
 * extension's owner (a superuser on managed PostgreSQL), so this stays transaction-local.
 */
export async function setSearchSettings(tx: Executor) {
  await tx.execute(
    sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_SIMILARITY)}, true), set_config('enable_seqscan', 'off', true)`,
  );
}

export async function selectClubPage(db: Executor, options: ClubPageOptions) {
  if (!options.q) return await clubPageQuery(db, options);
  return await db.transaction(async (tx) => {
    await setSearchSettings(tx);
    return await clubPageQuery(tx, options);
  });
}

export async function selectClubById(db: Executor, id: number) {
  const rows = await db.select().from(clubs).where(eq(clubs.id, id)).limit(1);
  return rows[0] ?? null;
}

/** What permission checks need of a club (owner, open or not), without its whole row. */
export async function selectClubAccess(db: Executor, id: number) {
  const rows = await db
    .select({ id: clubs.id, ownerId: clubs.ownerId, isOpen: clubs.isOpen })
    .from(clubs)
    .where(eq(clubs.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** A viewer's relation to a club: membership and a pending request (its id). */
export async function selectViewerState(db: Executor, clubId: number, userId: number) {
  const rows = await db
    .select({
      isMember: sql<boolean>`exists (select 1 from ${clubMembers} where ${clubMembers.clubId} = ${clubId} and ${clubMembers.userId} = ${userId})`,
      requestId: sql<
        number | null
      >`(select ${connectionRequests.id} from ${connectionRequests} where ${connectionRequests.clubId} = ${clubId} and ${connectionRequests.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return rows[0] ?? { isMember: false, requestId: null };
}

export const MAX_MEMBERS_IN_DETAIL = 500;

export async function selectClubMembers(db: Executor, clubId: number) {
  return await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(clubMembers)
    .innerJoin(users, eq(users.id, clubMembers.userId))
    .where(eq(clubMembers.clubId, clubId))
    .orderBy(asc(clubMembers.joinedAt), asc(users.id))
    .limit(MAX_MEMBERS_IN_DETAIL);
}

/** Distinct tags (case- and accent-insensitive) with how many clubs carry each. */
export async function selectTagCounts(db: Executor, limit: number) {
  const tag = sql`trim(t.tag)`;
  return await db
    .select({
      tag: sql<string>`min(${tag})`,
      count: sql<number>`count(distinct ${clubs.id})`.mapWith(Number),
    })
    .from(clubs)
    .innerJoin(sql`unnest(string_to_array(${clubs.tags}, ',')) as t(tag)`, sql`trim(t.tag) <> ''`)
    .groupBy(sql`f_unaccent(lower(${tag}))`)
    .orderBy(sql`count(distinct ${clubs.id}) desc`, sql`min(${tag})`)
    .limit(limit);
}

export const TOP_CLUBS_POST_WEIGHT = 3;
export const TOP_CLUBS_WINDOW_DAYS = 30;

/**
 * Top clubs: score = member_count + 3 × posts in the last 30 days. One query: the recent posts
 * come from a range scan of posts_created_idx, grouped once.
 */
export async function selectTopClubs(db: Executor, limit: number) {
  const recent = db
    .select({ clubId: posts.clubId, n: sql<number>`count(*)::int`.as("n") })
    .from(posts)
    .where(sql`${posts.createdAt} > now() - make_interval(days => ${TOP_CLUBS_WINDOW_DAYS})`)
    .groupBy(posts.clubId)
    .as("recent");
  const score = sql`${clubs.memberCount} + ${TOP_CLUBS_POST_WEIGHT} * coalesce(${recent.n}, 0)`;
  return await db
    .select(clubListColumns)
    .from(clubs)
    .leftJoin(recent, eq(recent.clubId, clubs.id))
    .orderBy(desc(score), desc(clubs.memberCount), asc(clubs.id))
    .limit(limit);
}

export type ClubValues = Partial<typeof clubs.$inferInsert>;

export async function insertClub(db: Executor, values: typeof clubs.$inferInsert) {
  const rows = await db.insert(clubs).values(values).returning({ id: clubs.id });
  return rows[0]!.id;
}

export async function updateClubRow(db: Executor, id: number, values: ClubValues) {
  await db
    .update(clubs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(clubs.id, id));
}

/** Every upload the club's rows point at, so they can be removed once the club is gone. */
export async function selectClubUploadIds(db: Executor, clubId: number): Promise<string[]> {
  const postImages = await db
    .select({ image: posts.imageId, thumbnail: posts.thumbnailId })
    .from(posts)
    .where(and(eq(posts.clubId, clubId), or(isNotNull(posts.imageId), isNotNull(posts.thumbnailId))));
  const club = await db
    .select({ image: clubs.imageId, profile: clubs.profileImageId })
    .from(clubs)
    .where(eq(clubs.id, clubId));
  const ids = [club[0]?.image, club[0]?.profile, ...postImages.flatMap((p) => [p.image, p.thumbnail])];
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}

/** Removing the club cascades to its posts, requests, memberships, messages and notices. */
export async function deleteClubRow(db: Executor, id: number) {
  const rows = await db.delete(clubs).where(eq(clubs.id, id)).returning({ id: clubs.id, name: clubs.name });
  return rows[0] ?? null;
}
