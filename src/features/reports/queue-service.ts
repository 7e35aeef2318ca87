import { displayName } from "../../../common/display-name";
import { m } from "../../../common/messages";
import type { ReportTarget } from "../../../common/reports";
import type { Database } from "../../lib/database/client";
import { compileWatchList, findWatchedWords } from "../../lib/word-matching/matcher";
import {
  findClubTarget,
  findCommentTarget,
  findMessageTarget,
  findPostTarget,
  findUserTarget,
  selectCommentThread,
  selectMessageWindow,
} from "./context-queries";
import { countOpenReports, findPeople, listOpenReportsOn, listOpenTargets } from "./queries";
import type { ReportContext, ReportGroup } from "./schema";

type PersonRow = { username: string | null; firstName: string | null; lastName: string | null };

function toPerson(id: number | null, row: PersonRow | null | undefined) {
  if (id === null || !row?.username) return null;
  return { id, username: row.username, display_name: displayName(row) };
}

/** Comments around the reported one, and messages around the reported message. */
const THREAD_AROUND = 5;
const MESSAGES_BEFORE = 8;
const MESSAGES_AFTER = 3;

type Line = PersonRow & { id: number; senderId: number | null; content: string; createdAt: Date };

const toLines = (rows: Line[], reportedId: number) =>
  rows.map((r) => ({
    id: r.id,
    sender: toPerson(r.senderId, r),
    content: r.content,
    created_at: r.createdAt.toISOString(),
    reported: r.id === reportedId,
  }));

/**
 * Where the watched words ClubNica reported (its reports' details list them) occur in the
 * snapshot, matched the same way texts are checked, so the admin sees what was found.
 */
function highlightsIn(
  snapshot: string | null,
  rows: { reporterId: number | null; details: string | null }[],
) {
  const words = rows.filter((r) => r.reporterId === null && r.details).flatMap((r) => r.details!.split(", "));
  if (!snapshot || words.length === 0) return [];
  const list = compileWatchList(words.map((word, i) => ({ id: i + 1, word, action: "flag" as const })));
  return findWatchedWords(list, snapshot)
    .map((match) => ({ start: match.start, end: match.end }))
    .sort((a, b) => a.start - b.start);
}

type HeldContext = ReportContext & { held?: boolean };

function withoutHeld(context: HeldContext): ReportContext {
  const { held: _held, ...rest } = context;
  return rest as ReportContext;
}

/** The reported thing as it is now, in context (and whether it is held); null when it no longer exists. */
async function readContext(db: Database, type: ReportTarget, id: number): Promise<HeldContext | null> {
  switch (type) {
    case "post": {
      const post = await findPostTarget(db, id);
      return post
        ? {
            kind: "post",
            post_id: post.id,
            club_id: post.clubId,
            club_name: post.clubName,
            title: post.title,
            text: post.text,
            held: post.held,
          }
        : null;
    }
    case "comment": {
      const comment = await findCommentTarget(db, id);
      if (!comment) return null;
      const thread = await selectCommentThread(db, {
        postId: comment.postId,
        commentId: comment.id,
        createdAt: comment.createdAt,
        around: THREAD_AROUND,
      });
      return {
        kind: "comment",
        post_id: comment.postId,
        post_title: comment.postTitle,
        thread: toLines(thread, comment.id),
        held: comment.held,
      };
    }
    case "message": {
      // The admin reads any conversation; the viewer id only feeds the (unused) membership flag.
      const message = await findMessageTarget(db, id, 0);
      if (!message) return null;
      const rows = await selectMessageWindow(db, {
        messageId: message.id,
        clubId: message.clubId,
        inAnnouncements: message.inAnnouncements,
        userLow: message.userLow,
        userHigh: message.userHigh,
        before: MESSAGES_BEFORE,
        after: MESSAGES_AFTER,
      });
      const pair = message.clubId === null ? [message.userLow, message.userHigh] : [];
      const people = await findPeople(
        db,
        pair.filter((x): x is number => x !== null),
      );
      return {
        kind: "message",
        club_id: message.clubId,
        club_name: message.clubName,
        channel: message.clubId === null ? "direct" : message.inAnnouncements ? "announcements" : "club",
        between: people.map((p) => toPerson(p.id, p)).filter((p) => p !== null),
        messages: toLines(rows, message.id),
        held: message.held,
      };
    }
    case "club": {
      const club = await findClubTarget(db, id);
      return club ? { kind: "club", club_id: club.id, name: club.name, description: club.description } : null;
    }
    case "user": {
      const user = await findUserTarget(db, id);
      return user ? { kind: "user", user_id: user.id, description: user.description } : null;
    }
  }
}

/**
 * One page of the moderation queue: open reports grouped by what they are about, urgent ones
 * first (a report says the person asks for photos or personal information), then the most
 * reported, each with its author, the reports (reasons, reporters) and the content in
 * context. An admin page shows 20 groups, so the per-group context reads stay few.
 */
export async function listReportQueue({
  db,
  limit,
  offset,
}: {
  db: Database;
  limit: number;
  offset: number;
}): Promise<{ total: number; groups: ReportGroup[] }> {
  const targets = await listOpenTargets(db, { limit, offset });
  const reports = await listOpenReportsOn(
    db,
    targets.map((t) => ({ type: t.targetType, id: t.targetId })),
  );
  const authorIds = [...new Set(targets.map((t) => t.authorId).filter((x): x is number => x !== null))];
  const authors = new Map((await findPeople(db, authorIds)).map((p) => [p.id, p]));
  const groups: ReportGroup[] = [];
  for (const target of targets) {
    const context = await readContext(db, target.targetType, target.targetId);
    const mine = reports.filter((r) => r.targetType === target.targetType && r.targetId === target.targetId);
    groups.push({
      target_type: target.targetType,
      target_id: target.targetId,
      report_count: target.reportCount,
      urgent: target.urgent,
      last_reported_at: target.lastReportedAt.toISOString(),
      author: toPerson(target.authorId, target.authorId === null ? null : authors.get(target.authorId)),
      snapshot: target.snapshot,
      highlights: highlightsIn(target.snapshot, mine),
      held: context?.held ?? false,
      context: context === null ? null : withoutHeld(context),
      reports: mine.map((r) => ({
        id: r.id,
        reporter:
          r.reporterId === null
            ? null
            : (toPerson(r.reporterId, r) ?? {
                id: r.reporterId,
                username: "",
                display_name: m.posts.deletedUser,
              }),
        reason: r.reason,
        details: r.details,
        created_at: r.createdAt.toISOString(),
      })),
    });
  }
  return { total: targets[0]?.total ?? 0, groups };
}

export async function countReports({ db }: { db: Database }) {
  const counts = await countOpenReports(db);
  return { open_reports: counts.reports, open_targets: counts.targets };
}
