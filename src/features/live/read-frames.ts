import type { Database } from "../../lib/database/client";
import type { Logger } from "../../lib/logger";
import { type ClubRoom, readClubReadFacts, readDirectMarkFor, readNewestOwnClubMessages } from "../chat";
import type { LiveSocket, Registry } from "./registry";
import { sendFrame } from "./send";

/** Read marks gather this long before their frames go out (a club message moves many at once). */
const GATHER_MS = 100;
/** Past this many remembered (viewer, reader) pairs the memory starts over (at worst a frame repeats). */
const TOLD_MAX = 200_000;

type Deps = { db: Database; logger: Logger; registry: Registry };

/**
 * `read` frames (common/api/live.ts): a read mark moved (`R<reader>:<conversation key>` on the
 * change bus, migration read_mark_keys), so the other participants' sockets hear how far the
 * reader got. A direct chat's other person hears every move. A club chat would be a frame per
 * reader per member (quadratic in a club of 2,000), so a follower hears only what "Seen by N"
 * under their newest own message needs: that readers reached it, each reader once, the readers
 * of one gathering (GATHER_MS) as one frame. Both
 * sides must share read receipts; a block silences it (as GET …/reads). A club's Avisos channel
 * (`announcements:<id>`) works as its chat: a writer hears who reached their newest aviso.
 */
export function createReadFrames(deps: Deps) {
  const pending = new Map<string, Set<number>>();
  /** Per club conversation: each follower's newest own message there (forgotten on a new message). */
  const ownNewest = new Map<string, Map<number, number>>();
  const told = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  function heard(key: string) {
    const match = /^R(\d+):((?:user|club|announcements):\d+)$/.exec(key);
    if (!match) return;
    const conversation = match[2]!;
    let readers = pending.get(conversation);
    if (!readers) {
      readers = new Set();
      pending.set(conversation, readers);
    }
    readers.add(Number(match[1]));
    timer ??= setTimeout(() => void flush(), GATHER_MS);
  }

  async function flush() {
    timer = null;
    const batch = [...pending];
    pending.clear();
    for (const [conversation, readers] of batch) {
      const [type, id] = conversation.split(":") as ["user" | ClubRoom, string];
      try {
        if (type === "user") await sendDirect(Number(id), [...readers]);
        else await sendClub(type, Number(id), [...readers]);
      } catch (error) {
        deps.logger.warn({ err: error, conversation }, "read frames not sent");
      }
    }
  }

  function socketsFollowing(userId: number, name: string): LiveSocket[] {
    return [...(deps.registry.people.get(userId)?.sockets ?? [])].filter(
      (socket) => !socket.closed && socket.following.has(name),
    );
  }

  /** `viewerId`'s sockets following `user:<reader>` hear the reader's mark of `user:<viewerId>`. */
  async function sendDirect(viewerId: number, readers: number[]) {
    for (const readerId of readers) {
      const name = `user:${readerId}`;
      if (socketsFollowing(viewerId, name).length === 0) continue;
      const mark = await readDirectMarkFor(deps.db, { readerId, viewerId });
      if (!mark) continue;
      for (const socket of socketsFollowing(viewerId, name)) {
        sendFrame(socket, {
          type: "read",
          conversation: name,
          user_id: readerId,
          last_read_id: mark.lastReadId,
          read_at: mark.readAt.toISOString(),
        });
      }
    }
  }

  async function sendClub(room: ClubRoom, clubId: number, readers: number[]) {
    const name = `${room}:${clubId}`;
    const viewers = new Set<number>();
    for (const socket of deps.registry.followers(`${room === "club" ? "c" : "v"}${clubId}`)) {
      if (socket.user && socket.following.has(name)) viewers.add(socket.user.id);
    }
    if (viewers.size === 0) return;
    let known = ownNewest.get(name);
    if (!known) {
      known = new Map();
      ownNewest.set(name, known);
    }
    const unknown = [...viewers].filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const found = await readNewestOwnClubMessages(deps.db, clubId, unknown, room);
      for (const id of unknown) known.set(id, found.get(id) ?? 0);
    }
    const writers = [...viewers].filter((id) => (known.get(id) ?? 0) > 0);
    if (writers.length === 0) return;
    const everyone = [...new Set([...readers, ...writers])];
    const facts = await readClubReadFacts(deps.db, clubId, readers, everyone, room);
    if (told.size > TOLD_MAX) told.clear();
    for (const viewerId of writers) {
      if (facts.optedOut.has(viewerId)) continue;
      const own = known.get(viewerId) ?? 0;
      // The readers of this gathering who got to the viewer's newest message, told as one frame
      // naming the furthest of them: the app only asks GET …/reads again on a `read` frame, and
      // a frame per reader cost a writer in a club of 2,000 about 230 KB per message.
      let furthest: { readerId: number; lastReadId: number; readAt: Date } | null = null;
      for (const readerId of readers) {
        const mark = facts.marks.get(readerId);
        if (!mark || facts.optedOut.has(readerId) || viewerId === readerId || mark.lastReadId < own) continue;
        const pair = `${name}:${viewerId}:${readerId}`;
        if (told.get(pair) === own) continue;
        if (facts.blocks.has(`${viewerId}-${readerId}`) || facts.blocks.has(`${readerId}-${viewerId}`))
          continue;
        told.set(pair, own);
        if (!furthest || mark.lastReadId >= furthest.lastReadId) furthest = { readerId, ...mark };
      }
      if (!furthest) continue;
      for (const socket of socketsFollowing(viewerId, name)) {
        sendFrame(socket, {
          type: "read",
          conversation: name,
          user_id: furthest.readerId,
          last_read_id: furthest.lastReadId,
          read_at: furthest.readAt.toISOString(),
        });
      }
    }
  }

  return {
    /** A change key: `R…` is a moved read mark; `c<club>`/`v<club>` a new message there (new own messages). */
    changed(key: string) {
      if (key.startsWith("R")) heard(key);
      else if (key.startsWith("c")) ownNewest.delete(`club:${key.slice(1)}`);
      else if (key.startsWith("v")) ownNewest.delete(`announcements:${key.slice(1)}`);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
