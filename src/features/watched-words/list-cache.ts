import type { AppDeps } from "../../deps";
import { changeBusOf, followKeys } from "../../lib/database/change-bus";
import type { Database } from "../../lib/database/client";
import { changeKeys } from "../../lib/poll-memory/keys";
import { compileWatchList, type WatchList } from "../../lib/word-matching/matcher";
import { selectWatchedWords } from "./queries";

type Cache = { list: Promise<WatchList> | null };

// One cache per database handle: one per app (tests run several apps in one process).
const caches = new WeakMap<Database, Cache>();

function cacheFor(db: Database): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { list: null };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Starts hearing list changes made by other replicas (the app does this once, when its routes
 * are built). A change made in this process clears the copy at once (forgetWatchList).
 */
export function followWatchListChanges(deps: Pick<AppDeps, "db" | "logger">) {
  const cache = cacheFor(deps.db);
  followKeys(changeBusOf(deps.db, deps.logger), [changeKeys.watchedWords], () => {
    cache.list = null;
  });
}

/**
 * The compiled list, loaded once per process and kept until the list changes: checking a
 * message costs no query. A notice drops the copy even while it is still loading, so a stale
 * list never outlives the notice that replaced it.
 */
export async function currentWatchList(db: Database): Promise<WatchList> {
  const cache = cacheFor(db);
  if (cache.list) return await cache.list;
  const loading = selectWatchedWords(db).then((rows) => compileWatchList(rows));
  cache.list = loading;
  try {
    return await loading;
  } catch (error) {
    // A failed load is not kept: the next text tries again.
    if (cache.list === loading) cache.list = null;
    throw error;
  }
}

/** Drops this process's copy after a change it made itself. */
export function forgetWatchList(db: Database) {
  cacheFor(db).list = null;
}
