import { and, asc, desc, eq, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { Region } from "../../../common/enums";
import { clubMembers, clubs, connectionRequests, posts, users } from "../../../db/schema";
import type { Database, Executor } from "../../lib/database/client";
import { prepared } from "../../lib/database/prepared";

/** Folded search text (a stored generated column with a trigram GIN index). */
const searchDocument = clubs.searchText;
/** Same as clubs_tags_folded_idx. */
const foldedTags = sql`string_to_array(f_unaccent(lower(${clubs.tags})), ', ')`;

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

const MAX_SEARCH_WORDS = 6;

/** The words a search must all match: short words ("de", "la") only when nothing else is left. */
function searchWords(q: string): string[] {
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

/** A value in a statement: inline (EXPLAIN in the benchmark) or a named placeholder (prepared). */
type Bind = (name: string, value: unknown) => unknown;
const inline: Bind = (_name, value) => value;
const placeholder: Bind = (name) => sql.placeholder(name);

function clubPageValues(options: ClubPageOptions) {
  const values: Record<string, unknown> = {
    q: options.q ?? "",
    tag: options.tag ?? "",
    region: options.region ?? "",
    limit: options.limit,
    offset: options.offset,
  };
  if (options.q) {
    searchWords(options.q).forEach((word, i) => {
      values[`w${i}`] = word;
      values[`p${i}`] = `%${escapeLike(word)}%`;
    });
  }
  return values;
}

function clubPageShape(options: ClubPageOptions): string {
  const words = options.q ? searchWords(options.q).length : 0;
  return `club_page_${words}_${options.tag ? 1 : 0}_${options.region ? 1 : 0}`;
}

/**
 * The statement for a page of the club list, with the total in the same scan. Each search word
 * matches a substring of the folded text or a word within one typo (trigram word similarity,
 * served by the GIN index); results are ranked by how well the name, then the whole text,
 * matches the whole query.
 */
function buildClubPage(db: Executor, options: ClubPageOptions, bind: Bind) {
  const where: SQL[] = [];
  const order: SQL[] = [];
  const values = clubPageValues(options);
  const v = (name: string) => bind(name, values[name]);
  if (options.q) {
    const folded = sql`f_unaccent(lower(${v("q")}))`;
    // Every significant word must match (as a substring or within a typo): "marimba granada"
    // finds marimba clubs in Granada, not every club that mentions Granada.
    searchWords(options.q).forEach((_word, i) => {
      where.push(
        sql`(${searchDocument} like f_unaccent(lower(${v(`p${i}`)})) or f_unaccent(lower(${v(`w${i}`)})) <% ${searchDocument})`,
      );
    });
    order.push(
      sql`word_similarity(${folded}, f_unaccent(lower(${clubs.name}))) desc`,
      sql`word_similarity(${folded}, ${searchDocument}) desc`,
    );
  }
  if (options.tag) where.push(sql`${foldedTags} @> array[f_unaccent(lower(${v("tag")}::text))]`);
  if (options.region) where.push(sql`${clubs.region} = ${v("region")}`);
  order.push(desc(clubs.memberCount), asc(clubs.id));
  return db
    .select({ ...clubListColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(clubs)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order)
    .limit(v("limit") as number)
    .offset(v("offset") as number);
}

/**
 * The statement with its values inline, unexecuted, so the benchmark can EXPLAIN exactly it.
 * `<%` reads pg_trgm.word_similarity_threshold, which the app's connections set
 * (src/lib/database/client.ts). pg_trgm's word-similarity functions are priced by migration
 * 0015 (COST 2000 instead of 1), so the planner picks the trigram index on its own: no
 * transaction that turns sequential scans off.
 */
export function clubPageQuery(db: Executor, options: ClubPageOptions) {
  return buildClubPage(db, options, inline);
}

/** A page of the club list: one prepared statement per shape (number of words, tag, region). */
export async function selectClubPage(db: Database, options: ClubPageOptions) {
  const statement = prepared(db, clubPageShape(options), () =>
    buildClubPage(db, options, placeholder).prepare(clubPageShape(options)),
  );
  return await statement.execute(clubPageValues(options));
}

export async function selectClubById(db: Executor, id: number) {
  const rows = await db.select().from(clubs).where(eq(clubs.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The club detail's own row (GET /api/clubs/:id), prepared. */
export async function selectClubDetailRow(db: Database, id: number) {
  const statement = prepared(db, "club_detail", () =>
    db
      .select()
      .from(clubs)
      .where(eq(clubs.id, sql.placeholder("id")))
      .limit(1)
      .prepare("club_detail"),
  );
  const rows = await statement.execute({ id });
  return rows[0] ?? null;
}

/** What permission checks need of a club (owner, open or not), without its whole row. */
export async function selectClubAccess(db: Executor, id: number) {
  const rows = await db
    .select({
      id: clubs.id,
      ownerId: clubs.ownerId,
      isOpen: clubs.isOpen,
      joinQuestions: clubs.joinQuestions,
    })
    .from(clubs)
    .where(eq(clubs.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** A viewer's relation to a club: membership and a pending request (its id). */
export async function selectViewerState(db: Database, clubId: number, userId: number) {
  const club = sql.placeholder("club");
  const user = sql.placeholder("user");
  const statement = prepared(db, "club_viewer_state", () =>
    db
      .select({
        isMember: sql<boolean>`exists (select 1 from ${clubMembers} where ${clubMembers.clubId} = ${club} and ${clubMembers.userId} = ${user})`,
        requestId: sql<
          number | null
        >`(select ${connectionRequests.id} from ${connectionRequests} where ${connectionRequests.clubId} = ${club} and ${connectionRequests.userId} = ${user})`,
      })
      .from(sql`(select 1) as one`)
      .prepare("club_viewer_state"),
  );
  const rows = await statement.execute({ club: clubId, user: userId });
  return rows[0] ?? { isMember: false, requestId: null };
}

const MAX_MEMBERS_IN_DETAIL = 500;

export async function selectClubMembers(db: Database, clubId: number) {
  const statement = prepared(db, "club_members", () =>
    db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        pictureId: users.profilePictureId,
      })
      .from(clubMembers)
      .innerJoin(users, eq(users.id, clubMembers.userId))
      .where(eq(clubMembers.clubId, sql.placeholder("club")))
      .orderBy(asc(clubMembers.joinedAt), asc(users.id))
      .limit(MAX_MEMBERS_IN_DETAIL)
      .prepare("club_members"),
  );
  return await statement.execute({ club: clubId });
}

/**
 * Distinct tags (case- and accent-insensitive) with how many clubs carry each: read from
 * club_tag_counts, which a trigger on clubs keeps up to date (migration 0015), instead of
 * unnesting every club's tags on each call.
 */
export async function selectTagCounts(db: Database, limit: number) {
  const statement = prepared(db, "club_tag_counts", () =>
    db
      .select({ tag: sql<string>`t.tag`, count: sql<number>`t.clubs` })
      .from(sql`club_tag_counts t`)
      .orderBy(sql`t.clubs desc`, sql`t.tag`)
      .limit(sql.placeholder("limit"))
      .prepare("club_tag_counts"),
  );
  return await statement.execute({ limit });
}

const TOP_CLUBS_POST_WEIGHT = 3;
const TOP_CLUBS_WINDOW_DAYS = 30;

/**
 * Top clubs: score = member_count + 3 × posts in the last 30 days. The recent posts per club are
 * kept by a trigger on posts in club_recent_posts (migration 0015); sweep_recent_posts first
 * subtracts the posts that aged out of the window since the last call, so the read joins one
 * row per club and its cost does not grow with the posts table.
 */
export async function selectTopClubs(db: Database, limit: number) {
  await db.execute(sql`select sweep_recent_posts(${TOP_CLUBS_WINDOW_DAYS}::int)`);
  // A join (one hash join over ≤ one row per club), not a subquery per club.
  const score = sql`${clubs.memberCount} + ${TOP_CLUBS_POST_WEIGHT} * coalesce(r.posts, 0)`;
  return await db
    .select(clubListColumns)
    .from(clubs)
    .leftJoin(sql`club_recent_posts r`, sql`r.club_id = ${clubs.id}`)
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
