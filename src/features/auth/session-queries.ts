import { eq, sql } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Database } from "../../lib/database/client";

function prepareSessionLookup(db: Database) {
  return db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      tokenVersion: users.tokenVersion,
      banUntil: users.banUntil,
      muteUntil: users.muteUntil,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare("find_session_user");
}

// Every authenticated request runs this lookup, so it is prepared once per database handle
// (PostgreSQL then skips parsing and planning it on each call).
const prepared = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

export async function findSessionUser(db: Database, id: number) {
  let query = prepared.get(db);
  if (!query) {
    query = prepareSessionLookup(db);
    prepared.set(db, query);
  }
  const rows = await query.execute({ id });
  return rows[0] ?? null;
}
