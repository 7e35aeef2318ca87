import { PgTransaction } from "drizzle-orm/pg-core";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "../../../db/schema";
import { createStatementPolicy, preparingRepeats } from "./repeated-statements";

/**
 * Drizzle over postgres.js. The few hot statements that run as named prepared statements reach
 * postgres.js as `db.$client` (src/lib/database/hot-statements.ts, src/features/chat/hot-queries.ts,
 * each saying why): services and routes hold one database handle.
 */
export type Database = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql };
/** A database handle or an open transaction: queries accept either. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Whether `executor` is an open transaction (drizzle's), not the pool. */
export function isTransaction(executor: Executor): boolean {
  return executor instanceof PgTransaction;
}

export type DatabaseClient = { db: Database; sql: postgres.Sql; close: () => Promise<void> };

/**
 * The app's drizzle handle over a postgres.js client (the pool, or a bench's own client). Its
 * repeated statements run prepared (repeated-statements.ts).
 */
export function databaseOver(sql: postgres.Sql): Database {
  return drizzle(preparingRepeats(sql, createStatementPolicy()), { schema, casing: "snake_case" });
}

/** Lower bound of pg_trgm word similarity that still matches a word with one typo. */
const SEARCH_WORD_SIMILARITY = 0.5;

type PoolStatsFn = () => { max: number; idle: number; busy: number; reserved: number; waiting: number };

/**
 * The pool's connections in use, idle and queries waiting, for /metrics. postgres.js keeps its
 * queues private; patches/postgres@3.4.9.patch exposes them as `sql.stats()`.
 */
export function poolStats(sql: postgres.Sql): ReturnType<PoolStatsFn> {
  const stats = (sql as unknown as { stats?: PoolStatsFn }).stats;
  if (!stats) throw new Error("postgres.js without the ClubNica patch: sql.stats() is missing");
  return stats();
}

const noticeListeners = new WeakMap<postgres.Sql, Set<(message: string) => void>>();

/**
 * Hears the NOTICEs PostgreSQL sends this pool's connections (the poll memory's change keys,
 * raised by the writing statement's triggers: src/lib/database/change-bus.ts). Returns a
 * function that stops hearing them. A pool not made by connectDatabase has none to hear.
 */
export function onDatabaseNotice(sql: postgres.Sql, listener: (message: string) => void): () => void {
  const listeners = noticeListeners.get(sql);
  listeners?.add(listener);
  return () => listeners?.delete(listener);
}

const closeHooks = new WeakMap<postgres.Sql, (() => Promise<void>)[]>();

/** Runs `hook` when the pool is closed (a connection of its own the pool does not know of). */
export function onDatabaseClose(sql: postgres.Sql, hook: () => Promise<void>): void {
  closeHooks.get(sql)?.push(hook);
}

export function connectDatabase(
  url: string,
  options: {
    max?: number;
    /**
     * A second pool of the same process (the live connection's, server.ts): its writes' NOTICEs
     * reach the listeners of this one, so the change bus hears them as its own.
     */
    noticesOf?: postgres.Sql;
  } = {},
): DatabaseClient {
  const listeners =
    (options.noticesOf && noticeListeners.get(options.noticesOf)) || new Set<(message: string) => void>();
  const sql = postgres(url, {
    max: options.max ?? 10,
    // One query at a time per connection. Pipelined, a request's statement waited behind a slow
    // one on the same connection (a delivery's read marks, 5-15 ms): at 10,000 live sockets the
    // chat send's p99 went from 1.0 to 1.6-1.8 s (docs/capacity.md, "Where a send waited"). An
    // option its types omit.
    ...({ max_pipeline: 1 } as object),
    onnotice: (notice) => {
      for (const listener of listeners) listener(String(notice.message ?? ""));
    },
    // Idle connections are closed so a scaled-down deployment frees database slots.
    idle_timeout: 30,
    // After a restart or failover, a dead connection waits `backoff` seconds before reconnecting.
    // The default grows as 3^n over every failure of the pool (up to 20 s), which kept the
    // service down for seconds after PostgreSQL was back; half a second at most is cheap.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
    // An unreachable server (a failover moving the Service) fails requests with 503 in 5 s, not 30.
    connect_timeout: 5,
    connection: {
      application_name: "clubnica",
      // Club search's `<%` (a word within one typo) reads its threshold from this setting; set
      // per connection, the search is one statement instead of a transaction that sets it.
      "pg_trgm.word_similarity_threshold": String(SEARCH_WORD_SIMILARITY),
      // No parallel workers for the app's statements. The hot ones are prepared, and after five
      // runs PostgreSQL may keep a generic plan, which cannot see the LIMIT value and plans for
      // 10% of the table: for the feed that was a Gather Merge starting two workers on every page
      // (13 ms instead of 0.4 ms for 21 rows, measured on 100,000 posts). Every statement here
      // reads a few rows along an index, where workers only add start-up cost.
      max_parallel_workers_per_gather: "0",
      // Triggers tell this connection at once which poll-memory keys its writes touched (a
      // NOTICE, heard through onDatabaseNotice), so this process reads its own writes.
      "clubnica.notice_keys": "on",
    } as Record<string, string>,
  });
  const db = databaseOver(sql);
  const hooks: (() => Promise<void>)[] = [];
  // Under both names: the pool, and the client drizzle was given (`db.$client`).
  for (const client of [sql, db.$client]) {
    noticeListeners.set(client, listeners);
    closeHooks.set(client, hooks);
  }
  const close = async () => {
    await Promise.all(hooks.splice(0).map((hook) => hook().catch(() => {})));
    await sql.end({ timeout: 5 });
  };
  return { db, sql, close };
}

/**
 * The live connection's pool beside the requests' pool (connections each: LIVE_POOL_SIZE and
 * the default 10). A club of 2,000 live followers costs each message a read, the followers'
 * read marks and their notices (5-15 ms of statements); on the requests' pool those statements
 * made every request wait for a connection (at 10,000 sockets and 100 messages a second, the chat
 * send's p50 went from 0.77-0.99 s to 45-77 ms with this pool and one query per connection:
 * docs/capacity.md, "Where a send waited").
 */
const LIVE_POOL_SIZE = 4;

export type AppDatabase = DatabaseClient & { liveDb: Database };

/** The app's two pools (server.ts, and the tests' app): requests, and the live connection. */
export function connectAppDatabase(url: string): AppDatabase {
  const requests = connectDatabase(url);
  const live = connectDatabase(url, { max: LIVE_POOL_SIZE, noticesOf: requests.sql });
  return {
    ...requests,
    liveDb: live.db,
    close: async () => {
      await live.close();
      await requests.close();
    },
  };
}
