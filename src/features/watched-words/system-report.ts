import type { ReportTarget } from "../../../common/reports";
import type { Executor } from "../../lib/database/client";
import { insertSystemReport } from "./system-report-queries";

/** Enough of the text to show the queue what was found if it is deleted later. */
const SNAPSHOT_MAX = 1000;

/**
 * ClubNica itself puts something in the moderation queue (a watched word flagged or held it):
 * a report with no reporter, reason "other", the watched entries that matched as its details
 * (the admins' own list words, never more of the person's text than the snapshot). One open
 * automatic report per target: an edit that matches again adds nothing.
 */
export async function fileSystemReport({
  db,
  targetType,
  targetId,
  authorId,
  snapshot,
  words,
}: {
  db: Executor;
  targetType: ReportTarget;
  targetId: number;
  authorId: number | null;
  snapshot: string;
  words: string[];
}) {
  await insertSystemReport(db, {
    targetType,
    targetId,
    authorId,
    snapshot: snapshot.length > SNAPSHOT_MAX ? `${snapshot.slice(0, SNAPSHOT_MAX - 1)}…` : snapshot,
    details: words.join(", ").slice(0, 300),
  });
}
