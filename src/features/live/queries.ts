import { sql } from "drizzle-orm";
import type { Database } from "../../lib/database/client";
import { CHANGE_KEYS_CHANNEL, changeKeys } from "../../lib/poll-memory/keys";

/** Sends the typing key on the change bus; nothing is stored. */
export async function notifyTyping(db: Database, { from, to }: { from: number; to: number }) {
  const payload = `${Date.now()} ${changeKeys.typing(from, to)}`;
  await db.execute(sql`select pg_notify(${CHANGE_KEYS_CHANNEL}, ${payload})`);
}
