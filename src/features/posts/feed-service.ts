import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Invalid, NotFound } from "../../lib/errors";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser } from "../../lib/session-token";
import { feedKeys, rememberFeedPage } from "./feed-memory";
import {
  clubExists,
  type FeedKey,
  selectClubEvents,
  selectClubPostsPage,
  selectFeedPage,
} from "./feed-queries";
import { parseDate } from "./post-input";
import { toPostJson } from "./present";
import type { FeedFilter, PostJson } from "./schema";

export type Page = { items: PostJson[]; nextCursor: string | null };

/**
 * Cursors are opaque to clients: base64url of [filter, score, created_at, id] of the last row
 * served. They stay valid while posts are added (unlike offsets, which shift).
 */
function encodeCursor(filter: FeedFilter, key: FeedKey): string {
  return Buffer.from(JSON.stringify([filter, key.score, key.createdAt, key.id])).toString("base64url");
}

export function decodeCursor(filter: FeedFilter, cursor: string | undefined): FeedKey | null {
  if (!cursor) return null;
  const invalid = () => Invalid.field(["query", "cursor"], m.posts.invalidCursor);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid();
  const [f, score, createdAt, id] = parsed;
  const ok =
    f === filter &&
    Number.isSafeInteger(score) &&
    Math.abs(score) < 2 ** 31 &&
    typeof createdAt === "string" &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt) &&
    Number.isSafeInteger(id) &&
    id > 0 &&
    id < 2 ** 31;
  if (!ok) throw invalid();
  return { score, createdAt, id };
}

type Row = Awaited<ReturnType<typeof selectFeedPage>>[number];

/** Fetches one row more than asked to know whether a next page exists. */
function toPage(rows: Row[], limit: number, filter: FeedFilter, viewer: SessionUser | null): Page {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor(filter, {
          score: filter === "liked" ? last.likeCount : Number(last.score),
          createdAt: last.createdAtKey,
          id: last.id,
        })
      : null;
  return { items: items.map((row) => toPostJson(row, viewer)), nextCursor };
}

/**
 * The home feed: every club's posts (so a new member never sees an empty page), in the
 * chosen order; scope=connected narrows it to clubs the viewer belongs to or owns.
 */
export async function getFeed({
  db,
  memory,
  viewer,
  filter,
  scope,
  limit,
  offset,
  cursor,
}: {
  db: Database;
  memory: PollMemory;
  viewer: SessionUser;
  filter: FeedFilter;
  scope: "all" | "connected";
  limit: number;
  offset: number;
  cursor?: string;
}): Promise<Page> {
  const after = decodeCursor(filter, cursor);
  const deps = memory.snapshot(feedKeys(viewer.id));
  const rows = await selectFeedPage(db, {
    viewerId: viewer.id,
    filter,
    limit: limit + 1,
    offset,
    after,
    connectedOnly: scope === "connected",
  });
  const page = toPage(rows, limit, filter, viewer);
  const key = { filter, scope, limit, offset, cursor };
  rememberFeedPage(memory, { viewerId: viewer.id, page: key, ...page }, deps);
  return page;
}

export async function listClubPosts({
  db,
  viewer,
  clubId,
  limit,
  offset,
  cursor,
}: {
  db: Database;
  viewer: SessionUser | null;
  clubId: number;
  limit: number;
  offset: number;
  cursor?: string;
}): Promise<Page> {
  const after = decodeCursor("newest", cursor);
  const rows = await selectClubPostsPage(db, {
    clubId,
    viewerId: viewer?.id ?? null,
    limit: limit + 1,
    offset,
    after,
  });
  if (rows.length === 0 && !(await clubExists(db, clubId))) throw new NotFound(m.posts.clubNotFound);
  return toPage(rows, limit, "newest", viewer);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A club's events in [from, to), soonest first. Without `from`, upcoming events: those from a
 * day ago on (so an event earlier today still shows in every time zone).
 */
export async function listClubEvents({
  db,
  viewer,
  clubId,
  from,
  to,
  limit,
  offset,
}: {
  db: Database;
  viewer: SessionUser | null;
  clubId: number;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}): Promise<PostJson[]> {
  const start = parseDate(from, ["query", "from"]) ?? new Date(Date.now() - DAY_MS);
  const end = parseDate(to, ["query", "to"]);
  if (end && end <= start) throw Invalid.field(["query", "to"], m.posts.invalidRange);
  const rows = await selectClubEvents(db, {
    clubId,
    viewerId: viewer?.id ?? null,
    from: start,
    to: end,
    limit,
    offset,
  });
  if (rows.length === 0 && !(await clubExists(db, clubId))) throw new NotFound(m.posts.clubNotFound);
  return rows.map((row) => toPostJson(row, viewer));
}
