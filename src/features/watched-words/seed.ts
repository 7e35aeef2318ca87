import en from "naughty-words/en.json";
import es from "naughty-words/es.json";
import type { Database } from "../../lib/database/client";
import type { Logger } from "../../lib/logger";
import { skeletonOfText } from "../../lib/watched-words/normalise";
import { recordAudit } from "../../platform/audit/service";
import { insertWatchedWords, lockAndCheckSeeded } from "./queries";

/**
 * The starting list: LDNOOBW's Spanish and English lists (npm naughty-words, CC-BY-4.0, credited
 * in docs/moderation.md and the README), every entry flagged, so nothing is refused until an admin decides to.
 */
export function seedEntries() {
  const seen = new Set<string>();
  const entries: { word: string; matchKey: string; action: "flag" }[] = [];
  for (const word of [...es, ...en]) {
    const clean = word.trim();
    const matchKey = skeletonOfText(clean);
    if (!clean || !matchKey || seen.has(matchKey)) continue;
    seen.add(matchKey);
    entries.push({ word: clean, matchKey, action: "flag" });
  }
  return entries;
}

/**
 * Fills the list once per installation, at start-up. Replicas take turns on a lock, and the
 * watched_word.seed audit entry marks it done for good: a list the admins emptied stays empty.
 */
export async function seedWatchedWordsOnce({ db, logger }: { db: Database; logger: Logger }) {
  const added = await db.transaction(async (tx) => {
    if (await lockAndCheckSeeded(tx)) return null;
    const count = await insertWatchedWords(tx, seedEntries());
    await recordAudit({
      db: tx,
      actorId: null,
      action: "watched_word.seed",
      targetType: "watched_word",
      targetId: null,
      details: { source: "naughty-words 1.2.0 (LDNOOBW, CC-BY-4.0): es, en", count },
    });
    return count;
  });
  if (added !== null) logger.info({ count: added }, "watched words seeded");
}
