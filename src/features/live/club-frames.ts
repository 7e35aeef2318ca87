import type { Database } from "../../lib/database/client";
import type { Logger } from "../../lib/logger";
import { readPinnedMessageId } from "../chat";
import { readPollAudience, readPollCounts } from "../polls";
import type { Registry } from "./registry";
import { sendFrame } from "./send";

/** Poll keys gather this long before frames go out (sixty members voting at once make one frame each). */
const GATHER_MS = 100;

type Deps = { db: Database; logger: Logger; registry: Registry };

/**
 * The club frames of issue 49 (docs/live.md): `pin` to the sockets following a club's chat when
 * its pinned message changes (`P<club>`), and `poll` with a poll's new counts to the club's
 * members' sockets when its votes change or it closes (`V<poll>`). Each change is read once per
 * process, whatever the number of sockets; the counts are the same for everyone.
 */
export function createClubFrames(deps: Deps) {
  const pendingPolls = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function sendPin(clubId: number) {
    const name = `club:${clubId}`;
    const sockets = deps.registry.followers(`c${clubId}`).filter((s) => !s.closed && s.following.has(name));
    if (sockets.length === 0) return;
    const messageId = await readPinnedMessageId(deps.db, clubId);
    for (const socket of sockets)
      sendFrame(socket, { type: "pin", conversation: name, message_id: messageId });
  }

  async function sendPoll(pollId: number) {
    if (deps.registry.people.size === 0) return;
    const read = await readPollCounts(deps.db, pollId);
    if (!read) return;
    const audience = await readPollAudience(deps.db, read.clubId, [...deps.registry.people.keys()]);
    for (const userId of audience) {
      for (const socket of deps.registry.people.get(userId)?.sockets ?? []) {
        if (!socket.closed) sendFrame(socket, { type: "poll", poll: read.counts });
      }
    }
  }

  async function flushPolls() {
    timer = null;
    const polls = [...pendingPolls];
    pendingPolls.clear();
    for (const pollId of polls) {
      try {
        await sendPoll(pollId);
      } catch (error) {
        deps.logger.warn({ err: error, pollId }, "poll frames not sent");
      }
    }
  }

  return {
    /** A change key: `P<club>` a pin, `V<poll>` a poll's votes. */
    changed(key: string) {
      if (key.startsWith("P")) {
        const clubId = Number(key.slice(1));
        sendPin(clubId).catch((error) => deps.logger.warn({ err: error, clubId }, "pin frames not sent"));
      } else if (key.startsWith("V")) {
        pendingPolls.add(Number(key.slice(1)));
        timer ??= setTimeout(() => void flushPolls(), GATHER_MS);
      }
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
