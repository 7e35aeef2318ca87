import type { Database } from "../../lib/database/client";
import { assertCanMessage } from "../blocks";
import { notifyTyping } from "./queries";

/**
 * Tells the other person's sockets, on whichever replica they are, that `from` is typing:
 * a key on the one change bus (`y<from>-<to>`), which every process hears. Nobody hears it
 * across a block either way.
 */
export async function relayTyping(db: Database, { from, to }: { from: number; to: number }) {
  try {
    await assertCanMessage(db, from, to);
  } catch {
    return;
  }
  await notifyTyping(db, { from, to });
}
