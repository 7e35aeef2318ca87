import { eq, sql } from "drizzle-orm";
import { revokedTokens, users } from "../../../db/schema";
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
      // In the same statement, so a log-out check costs no extra round trip: one primary-key
      // probe of a table that holds only the log-outs of the last JWT_TTL.
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.tokenHash} = ${sql.placeholder("tokenHash")})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare("find_session_user");
}

// Every authenticated request runs this lookup, so it is prepared once per database handle
// (PostgreSQL then skips parsing and planning it on each call).
const prepared = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

/** The token's user, and whether this very token (by its hash) was revoked by a log-out. */
export async function findSessionUser(db: Database, { id, tokenHash }: { id: number; tokenHash: string }) {
  let query = prepared.get(db);
  if (!query) {
    query = prepareSessionLookup(db);
    prepared.set(db, query);
  }
  const rows = await query.execute({ id, tokenHash });
  return rows[0] ?? null;
}
