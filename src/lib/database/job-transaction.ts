import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "./client";

/** What pg-boss runs its statements through when given `{ db }` (its `IDatabase`). */
export type StatementRunner = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: any[] }> };

/**
 * pg-boss's statements run on the app's connection or open transaction: a job sent with
 * `{ db: inTransaction(tx) }` is inserted by `tx` and exists exactly when the caller's write
 * commits (pg-boss's documented way to send inside the caller's transaction). The statement's
 * `$n` placeholders become drizzle parameters, so nothing reaches past drizzle's public API.
 * Meant for `send` and `insert`, whose one parameter is JSON text: drizzle would spread an array
 * parameter into a list, so one is refused rather than sent wrong.
 */
export function inTransaction(db: Executor): StatementRunner {
  return {
    executeSql: async (text, values = []) => {
      if (values.some(Array.isArray)) throw new Error("inTransaction: an array parameter is not supported");
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`,
      );
      const rows = await db.execute(sql.join(chunks));
      return { rows: [...rows] };
    },
  };
}
