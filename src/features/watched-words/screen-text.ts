import { m } from "../../../common/messages";
import type { Database, Executor } from "../../lib/database/client";
import { Invalid } from "../../lib/errors";
import type { WatchedEntry } from "../../lib/word-matching/matcher";
import { judgeTexts } from "../../lib/word-matching/verdict";
import { recordAudit } from "../../platform/audit/service";
import { currentWatchList } from "./list-cache";
import { fileSystemReport } from "./system-report";

/** What people write that the list applies to. */
export type TextKind = "post" | "comment" | "message" | "club" | "profile" | "username";

/**
 * Posts, comments and chat messages can wait hidden (seen by their author only) until an admin
 * approves them. A club's name or description, a profile or a username cannot: they name
 * something others must see to use it (a club nobody can find, a person nobody can message), so
 * a hold entry refuses them, with a detail saying the text would need review, and its author
 * can rephrase at once.
 */
const HOLDABLE: ReadonlySet<TextKind> = new Set(["comment", "post", "message"]);

export type Screened = {
  /** The texts to store (censored where a censor entry matched), in the order given. */
  texts: (string | null)[];
  held: boolean;
  flagged: boolean;
  entries: WatchedEntry[];
};

const entryFacts = (entries: WatchedEntry[]) => ({
  watched_word_ids: entries.map((e) => e.id),
  words: entries.map((e) => e.word),
});

/**
 * Checks texts against the cached watched-word list (no query). A block refuses with a 422 that
 * does not repeat the word, and is audited (ClubNica as actor; the details name the list
 * entries, never the person's text). Nulls pass through untouched.
 */
export async function screenTexts({
  db,
  kind,
  authorId,
  texts,
  beforeRefusal,
}: {
  db: Database;
  kind: TextKind;
  /** Null for a signup (no account yet). */
  authorId: number | null;
  texts: (string | null | undefined)[];
  /**
   * Runs before a refusal is audited and thrown, for a caller that checks its own rules later
   * (in its write) but whose refusals come first: what it throws is the answer instead.
   */
  beforeRefusal?: () => Promise<void>;
}): Promise<Screened> {
  const list = await currentWatchList(db);
  const present = texts.map((t) => t ?? "");
  const verdict = judgeTexts(list, present);
  const unholdable = verdict.action === "hold" && !HOLDABLE.has(kind);
  if (verdict.action === "block" || unholdable) {
    await beforeRefusal?.();
    await recordAudit({
      db,
      actorId: null,
      action: "watched_word.block",
      targetType: "user",
      targetId: authorId,
      details: {
        kind,
        ...entryFacts(verdict.entries.filter((e) => e.action === "block" || e.action === "hold")),
      },
    });
    throw new Invalid(unholdable ? m.watchedWords.needsReview : m.watchedWords.blocked);
  }
  return {
    texts: verdict.texts.map((t, i) => (texts[i] == null ? null : t)),
    held: verdict.action === "hold",
    flagged: verdict.action === "flag",
    entries: verdict.entries,
  };
}

/**
 * After a flagged or held text is stored (inside the same transaction): ClubNica reports it to
 * the moderation queue and the audit log says why.
 */
export async function reportScreenedText({
  db,
  screened,
  targetType,
  targetId,
  authorId,
}: {
  db: Executor;
  screened: Screened;
  targetType: "post" | "comment" | "message" | "club" | "user";
  targetId: number;
  authorId: number;
}) {
  if (!screened.held && !screened.flagged) return;
  const reported = screened.entries.filter((e) => e.action === "flag" || e.action === "hold");
  await fileSystemReport({
    db,
    targetType,
    targetId,
    authorId,
    snapshot: screened.texts.filter((t) => t).join("\n"),
    words: reported.map((e) => e.word),
  });
  await recordAudit({
    db,
    actorId: null,
    action: screened.held ? "watched_word.hold" : "watched_word.flag",
    targetType,
    targetId,
    details: { author_id: authorId, ...entryFacts(reported) },
  });
}
