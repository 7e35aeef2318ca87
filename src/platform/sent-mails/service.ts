import type { Database, Executor } from "../../lib/database/client";
import { hasSentMail, lockSendKey, recordSentMail } from "./queries";

/**
 * Sends at most once per key, whichever process, replica or retry of a job tries: under a lock
 * on the key, checks the ledger, sends, and records the key right after the send (the SMTP
 * server's 250), committing at once. A process killed after the record loses nothing and a
 * retry sends nothing again. What no ledger can close is the moment between the 250 and that
 * commit (one round trip): a kill exactly there sends that one mail again on the retry.
 *
 * `send` returns false when it decided not to send (a limit, nothing to say): nothing is
 * recorded, and a retry decides again. `alreadySent`/`recordSent` default to the mail_sends
 * ledger; a feature with a ledger of its own (the digest's (person, week)) passes its own.
 */
export async function sendOnce({
  db,
  key,
  send,
  alreadySent = (tx) => hasSentMail(tx, key),
  recordSent = (tx) => recordSentMail(tx, key),
}: {
  db: Database;
  key: string;
  send: () => Promise<boolean>;
  alreadySent?: (tx: Executor) => Promise<boolean>;
  recordSent?: (tx: Executor) => Promise<void>;
}): Promise<boolean> {
  return await db.transaction(async (tx) => {
    await lockSendKey(tx, key);
    if (await alreadySent(tx)) return false;
    if (!(await send())) return false;
    await recordSent(tx);
    return true;
  });
}
