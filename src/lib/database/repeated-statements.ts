import type postgres from "postgres";

/**
 * Drizzle sends every statement it builds as an *unnamed* one (postgres.js `unsafe` with
 * `prepare: false`). For a statement with parameters postgres.js then asks PostgreSQL for the
 * parameter types first and sends the values only once they are back: two round trips, and the
 * connection takes no other query meanwhile. Under load each round trip also waits for the app's
 * event loop, and a transaction pays it for every statement while it holds its locks: at 10,000
 * live sockets and 100 chat messages a second, 300 queries waited for the pool's 10 connections
 * (scripts/bench/live.ts, docs/capacity.md "Prepared repeated statements").
 *
 * So a statement text seen `REPEATS` times runs as a named prepared statement instead: after its
 * first run on a connection it is one round trip, and postgres.js pipelines it behind others.
 * The number of texts prepared is bounded (`LIMIT`), since each costs memory on every connection
 * (postgres.js and the PostgreSQL backend keep it until the connection closes): a text built
 * with varying constants or list lengths would otherwise grow both without end. Past the bound,
 * new texts run as before. PostgreSQL plans a prepared statement as it would an unnamed one for
 * its first five runs, then keeps a generic plan only when it is not costlier
 * (`plan_cache_mode = auto`), as it already does for the hot statements (hot-statements.ts).
 */
const REPEATS = 3;
const LIMIT = 500;
/** Texts seen fewer than REPEATS times are forgotten past this many, so one-offs cost nothing. */
const COUNTED = 5_000;

export type StatementPolicy = { prepare: (text: string) => boolean; preparedCount: () => number };

export function createStatementPolicy(limits = { repeats: REPEATS, limit: LIMIT, counted: COUNTED }) {
  const prepared = new Set<string>();
  const seen = new Map<string, number>();
  return {
    prepare(text: string): boolean {
      if (prepared.has(text)) return true;
      if (prepared.size >= limits.limit) return false;
      const count = (seen.get(text) ?? 0) + 1;
      if (count < limits.repeats) {
        if (seen.size >= limits.counted) seen.clear();
        seen.set(text, count);
        return false;
      }
      seen.delete(text);
      prepared.add(text);
      return true;
    },
    preparedCount: () => prepared.size,
  } satisfies StatementPolicy;
}

type Unsafe = postgres.Sql["unsafe"];

/**
 * The postgres.js client drizzle is given: the same client, whose `unsafe` (what drizzle calls)
 * prepares repeated texts, and whose transactions and savepoints hand out clients that do the
 * same. Tagged-template calls on the client (the hot statements) are postgres.js's own, prepared already.
 */
export function preparingRepeats<T extends postgres.Sql | postgres.TransactionSql>(
  sql: T,
  policy: StatementPolicy,
): T {
  return new Proxy(sql, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "unsafe") {
        const unsafe = value as Unsafe;
        return ((query: string, args?: unknown[], options?: postgres.UnsafeQueryOptions) =>
          Array.isArray(args) && args.length > 0 && options?.prepare !== true && policy.prepare(query)
            ? unsafe.call(target, query, args as never, { ...options, prepare: true })
            : unsafe.call(target, query, args as never, options)) as Unsafe;
      }
      if (property === "begin" || property === "savepoint") {
        // The callback is the last argument: begin(fn), begin(options, fn), savepoint(name, fn).
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const callback = args[last];
          if (typeof callback === "function")
            args[last] = (tx: postgres.TransactionSql) => callback(preparingRepeats(tx, policy));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
}
