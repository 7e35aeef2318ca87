import { asc, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Executor } from "../../lib/database/client";

/**
 * Which of one table's rows are the person's and what the file keeps of them: `columns` named one
 * by one (never a whole row: no hash, token or code slips in), the rows whose `owner` column is
 * the person's id, oldest first by `order`; `join` adds the one table a row's label comes from.
 */
type OwnRows<S extends SelectedFields> = {
  columns: S;
  from: PgTable;
  owner: PgColumn;
  order: PgColumn;
  join?: { table: PgTable; on: SQL };
};

/** The person's rows of one table, as `rows` says: the shape every export query shares. */
export async function selectOwnRows<S extends SelectedFields>(
  db: Executor,
  userId: number,
  rows: OwnRows<S>,
): Promise<SelectResultFields<S>[]> {
  // Built on the widened selection (drizzle cannot follow a generic one through a dynamic
  // join); inner joins only, so every selected column keeps its own type and nullability.
  const columns: SelectedFields = rows.columns;
  let query = db.select(columns).from(rows.from).$dynamic();
  if (rows.join) query = query.innerJoin(rows.join.table, rows.join.on);
  return (await query.where(eq(rows.owner, userId)).orderBy(asc(rows.order))) as SelectResultFields<S>[];
}

/** The person's one row of a table (their profile, their settings), or null. */
export async function selectOwnRow<S extends SelectedFields>(
  db: Executor,
  userId: number,
  { columns, from, owner }: Pick<OwnRows<S>, "columns" | "from" | "owner">,
): Promise<SelectResultFields<S> | null> {
  const selection: SelectedFields = columns;
  const [row] = await db.select(selection).from(from).where(eq(owner, userId));
  return (row as SelectResultFields<S> | undefined) ?? null;
}
