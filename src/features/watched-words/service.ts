import type { z } from "zod";
import { m } from "../../../common/messages";
import type { WatchedWordAction } from "../../../common/watched-words";
import type { Database } from "../../lib/database/client";
import { Conflict, Invalid, NotFound } from "../../lib/errors";
import { skeletonOfText } from "../../lib/word-matching/normalise";
import { recordAudit } from "../../platform/audit/service";
import { forgetWatchList } from "./list-cache";
import {
  deleteWatchedWordRow,
  findWatchedWord,
  insertWatchedWord,
  selectWatchedWords,
  updateWatchedWordAction,
  type WatchedWordRow,
} from "./queries";
import type { createWatchedWordBody, WatchedWord } from "./schema";

const toJson = (row: WatchedWordRow): WatchedWord => ({
  id: row.id,
  word: row.word,
  action: row.action,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listWatchedWords({ db }: { db: Database }): Promise<WatchedWord[]> {
  return (await selectWatchedWords(db)).map(toJson);
}

/** Adds an entry (audited). Two spellings that match the same texts are one entry: 409. */
export async function addWatchedWord({
  db,
  adminId,
  input,
}: {
  db: Database;
  adminId: number;
  input: z.output<typeof createWatchedWordBody>;
}): Promise<WatchedWord> {
  const matchKey = skeletonOfText(input.word);
  if (matchKey === "") throw Invalid.field(["body", "word"], m.watchedWords.wordNoLetters);
  const row = await db.transaction(async (tx) => {
    const created = await insertWatchedWord(tx, { word: input.word, matchKey, action: input.action });
    if (!created) throw new Conflict(m.watchedWords.duplicate);
    await recordAudit({
      db: tx,
      actorId: adminId,
      action: "watched_word.create",
      targetType: "watched_word",
      targetId: created.id,
      details: { word: created.word, action: created.action },
    });
    return created;
  });
  forgetWatchList(db);
  return toJson(row);
}

export async function changeWatchedWord({
  db,
  adminId,
  id,
  action,
}: {
  db: Database;
  adminId: number;
  id: number;
  action: WatchedWordAction;
}): Promise<WatchedWord> {
  const row = await db.transaction(async (tx) => {
    const before = await findWatchedWord(tx, id);
    if (!before) throw new NotFound(m.watchedWords.notFound);
    const updated = await updateWatchedWordAction(tx, id, action);
    if (!updated) throw new NotFound(m.watchedWords.notFound);
    await recordAudit({
      db: tx,
      actorId: adminId,
      action: "watched_word.update",
      targetType: "watched_word",
      targetId: id,
      details: { word: updated.word, from: before.action, to: updated.action },
    });
    return updated;
  });
  forgetWatchList(db);
  return toJson(row);
}

export async function removeWatchedWord({ db, adminId, id }: { db: Database; adminId: number; id: number }) {
  await db.transaction(async (tx) => {
    const deleted = await deleteWatchedWordRow(tx, id);
    if (!deleted) throw new NotFound(m.watchedWords.notFound);
    await recordAudit({
      db: tx,
      actorId: adminId,
      action: "watched_word.delete",
      targetType: "watched_word",
      targetId: id,
      details: { word: deleted.word, action: deleted.action },
    });
  });
  forgetWatchList(db);
}
