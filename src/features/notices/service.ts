import type { NoticeCounts, NoticeJson } from "../../../common/api/notices";
import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { NotFound } from "../../lib/errors";
import { changeKeys } from "../../lib/poll-memory/keys";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import { readWithClubKeys } from "../../lib/poll-memory/read-with-clubs";
import type { SessionUser } from "../../lib/session-token";
import { markAllNoticesRead, markNoticeRead, selectNoticePage } from "./list-queries";
import { countNoticesAndRequests } from "./queries";
import { noticeImage, noticePath, renderNoticeText } from "./render";

/** The reader's notices, newest change first, each rendered in the reader's language. */
export async function listNotices({
  db,
  user,
  limit,
  before,
}: {
  db: Executor;
  user: SessionUser;
  limit: number;
  before?: number;
}): Promise<NoticeJson[]> {
  const rows = await selectNoticePage(db, { userId: user.id, limit, before });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    club_id: row.clubId,
    club_name: row.clubName,
    post_id: row.postId,
    user_id: row.actorId,
    count: row.count,
    path: noticePath(row),
    text: renderNoticeText(row),
    image: noticeImage(row),
    read: row.readAt !== null,
    seen: row.seenAt !== null,
    muted: row.muted,
    created_at: row.updatedAt.toISOString(),
  }));
}

const bellMemoKey = (user: SessionUser) => `bell:${user.id}:${user.role}`;

/**
 * The bell's numbers read from the database (no memory), with the clubs whose change keys can
 * move them: the live connection keeps its people's numbers itself (src/features/live/counts.ts).
 */
export async function readNoticeCounts({
  db,
  user,
}: {
  db: Executor;
  user: SessionUser;
}): Promise<{ counts: NoticeCounts; clubIds: number[] }> {
  const counts = await countNoticesAndRequests(db, { userId: user.id, role: user.role });
  return {
    counts: {
      unread: counts.unread,
      join_requests: counts.joinRequests,
      connection_notices: counts.connectionNotices,
    },
    clubIds: counts.ownedClubIds,
  };
}

/** The bell's numbers; join requests only for those who decide them (as the spec's badge). */
export async function getNoticeCounts({
  db,
  user,
  memory,
}: {
  db: Executor;
  user: SessionUser;
  /** Given for the bell's poll: an unchanged answer comes from memory, with no statement. */
  memory?: PollMemory;
}): Promise<NoticeCounts> {
  const read = async () => {
    const counts = await countNoticesAndRequests(db, { userId: user.id, role: user.role });
    const value: NoticeCounts = {
      unread: counts.unread,
      join_requests: counts.joinRequests,
      connection_notices: counts.connectionNotices,
    };
    return { value, clubIds: counts.ownedClubIds };
  };
  if (!memory) return (await read()).value;
  const memoKey = bellMemoKey(user);
  const known = memory.recall<NoticeCounts>("bell", memoKey);
  if (known !== undefined) return known;
  // The notices of every kind (n), the person's account and clubs owned (p, a), their clubs'
  // requests (c, learned from the read), every request for an admin (r).
  const own = [changeKeys.notices(user.id), changeKeys.person(user.id), changeKeys.access(user.id)];
  if (user.role === "admin") own.push(changeKeys.requests);
  return readWithClubKeys(memory, { memoKey, clubsNote: `bell-clubs:${user.id}`, own }, read);
}

type ReadDeps = Pick<AppDeps, "db" | "config">;

export async function readNotice({ deps, user, id }: { deps: ReadDeps; user: SessionUser; id: number }) {
  if (!(await markNoticeRead(deps.db, user.id, id))) throw new NotFound(m.notices.notFound);
  return { unread: (await getNoticeCounts({ db: deps.db, user })).unread };
}

export async function readAllNotices({ deps, user }: { deps: ReadDeps; user: SessionUser }) {
  await markAllNoticesRead(deps.db, user.id);
  return { unread: 0 };
}
