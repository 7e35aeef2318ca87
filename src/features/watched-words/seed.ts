import en from "naughty-words/en.json";
import es from "naughty-words/es.json";
import type { WatchedWordAction } from "../../../common/watched-words";
import type { Database, Executor } from "../../lib/database/client";
import type { Logger } from "../../lib/logger";
import { skeletonOfText } from "../../lib/word-matching/normalise";
import { recordAudit } from "../../platform/audit/service";
import { DEFAULT_FLAGGED, DEFAULT_HELD, DEFAULT_LIST_VERSION } from "./default-actions";
import {
  holdUntouchedSeededWords,
  insertWatchedWords,
  lockAndReadSeeding,
  selectDeletedWords,
} from "./queries";

type SeedEntry = { word: string; matchKey: string; action: WatchedWordAction };

/**
 * The starting list: ClubNica's own Nicaraguan insults and sexual terms (default-actions.ts),
 * then LDNOOBW's Spanish and English lists (npm naughty-words, CC-BY-4.0, credited in
 * docs/moderation.md and the README). Insults and sexual terms are held; the rest is flagged.
 * The first spelling of a match key wins, so the held lists come first.
 */
export function seedEntries(): SeedEntry[] {
  const seen = new Set<string>();
  const entries: SeedEntry[] = [];
  const add = (word: string, action: WatchedWordAction) => {
    const clean = word.trim();
    const matchKey = skeletonOfText(clean);
    if (!clean || !matchKey || seen.has(matchKey)) return;
    seen.add(matchKey);
    entries.push({ word: clean, matchKey, action });
  };
  for (const word of DEFAULT_HELD) add(word, "hold");
  for (const word of DEFAULT_FLAGGED) add(word, "flag");
  for (const word of [...es, ...en]) add(word, "flag");
  return entries;
}

/**
 * An installation seeded before this version of the defaults takes it once: the new words are
 * added (except any an admin had deleted), and seeded words that are now held change from flag
 * to hold where no admin has changed them. Whatever an admin decided stays as it is.
 */
async function updateSeededDefaults(tx: Executor) {
  const deleted = new Set((await selectDeletedWords(tx)).map(skeletonOfText));
  const entries = seedEntries().filter((e) => !deleted.has(e.matchKey));
  const added = await insertWatchedWords(
    tx,
    entries.filter((e) => e.action !== "flag" || DEFAULT_FLAGGED.includes(e.word)),
  );
  const held = await holdUntouchedSeededWords(
    tx,
    entries.filter((e) => e.action === "hold").map((e) => e.matchKey),
  );
  await recordAudit({
    db: tx,
    actorId: null,
    action: "watched_word.seed_update",
    targetType: "watched_word",
    targetId: null,
    details: { default_actions: DEFAULT_LIST_VERSION, count: added + held.length, added, held: held.length },
  });
  return { added, held: held.length };
}

/**
 * Fills the list once per installation, at start-up, and brings an older seed up to the current
 * defaults once. Replicas take turns on a lock, and the audit entries mark each step done for
 * good: a list the admins emptied stays empty.
 */
export async function seedWatchedWordsOnce({ db, logger }: { db: Database; logger: Logger }) {
  const outcome = await db.transaction(async (tx) => {
    const { seeded, versions } = await lockAndReadSeeding(tx);
    if (seeded && versions.includes(DEFAULT_LIST_VERSION)) return null;
    if (seeded) return { updated: await updateSeededDefaults(tx) };
    const count = await insertWatchedWords(tx, seedEntries());
    await recordAudit({
      db: tx,
      actorId: null,
      action: "watched_word.seed",
      targetType: "watched_word",
      targetId: null,
      details: {
        source: "ClubNica's Nicaraguan list; naughty-words 1.2.0 (LDNOOBW, CC-BY-4.0): es, en",
        default_actions: DEFAULT_LIST_VERSION,
        count,
      },
    });
    return { seeded: count };
  });
  if (outcome) logger.info(outcome, "watched words seeded");
}
