import type { Database } from "../../lib/database/client";
import type { Logger } from "../../lib/logger";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import { runWithLocale } from "../../platform/locale/request-locale";
import {
  LIVE_BATCH,
  markAnnouncementsDelivered,
  markClubDelivered,
  readAnnouncementChanges,
  readBlockedIdsOf,
  readClubChanges,
  readDirectUpdates,
  readNewAnnouncements,
  readNewClubMessages,
  viewsOfClubChanges,
  viewsOfClubMessages,
} from "../chat";
import { createReadMarkWriter, type WriteMarks } from "./read-marks";
import type { Following, LiveSocket, Registry } from "./registry";
import { sendFrame, sendTexts } from "./send";
import { createSharedFrames, type FrameCounts } from "./shared-frames";

const NONE: ReadonlySet<number> = new Set();

type DeliverDeps = {
  db: Database;
  memory: PollMemory;
  logger: Logger;
  registry: Registry;
  /**
   * The person's badge may have moved (counts.ts reads it again): a club chat became settled for
   * them or stopped being so, or a run over a chat they follow unsettled is done (counts.ts
   * leaves such a follower's chat keys to the delivery, so that they are read once, after it).
   */
  touched?: (userId: number) => void;
};

/** Where a room's messages come from: a club's chat (`c<id>`) or its Avisos channel (`v<id>`). */
type Room = {
  /** Whether a follower's read marks here settle the chat for their badge (club chats only). */
  settles: boolean;
  readNew: typeof readNewClubMessages;
  readChanges: typeof readClubChanges;
  markDelivered: typeof markClubDelivered;
};
const clubChat: Room = {
  settles: true,
  readNew: readNewClubMessages,
  readChanges: readClubChanges,
  markDelivered: markClubDelivered,
};
const avisos: Room = {
  settles: false,
  readNew: readNewAnnouncements,
  readChanges: readAnnouncementChanges,
  markDelivered: markAnnouncementsDelivered,
};

/**
 * Sends the followers of one change key what is new in their conversation (`message`) and what
 * changed of what they were already sent (`message_updated`). One run per key at a time: a
 * NOTIFY that arrives during a run makes it run once more when done, so nothing is sent twice or
 * skipped (each follower's cursor and change cursor move only forward).
 */
export function createDelivery(deps: DeliverDeps) {
  const running = new Set<string>();
  const again = new Set<string>();
  const counts: FrameCounts = { serialised: 0, sent: 0 };
  const markWriter = createReadMarkWriter(deps);

  async function deliver(changeKey: string): Promise<void> {
    if (running.has(changeKey)) {
      again.add(changeKey);
      return;
    }
    running.add(changeKey);
    const written: Promise<unknown>[] = [];
    try {
      do {
        again.delete(changeKey);
        if (changeKey.startsWith("c") || changeKey.startsWith("v")) {
          const room = changeKey.startsWith("v") ? avisos : clubChat;
          await deliverClub(Number(changeKey.slice(1)), changeKey, room, written);
          await deliverClubChanges(Number(changeKey.slice(1)), changeKey, room);
        } else await deliverDirect(changeKey);
      } while (again.has(changeKey));
      if (changeKey.startsWith("c")) {
        // Once the run's read marks are written: a badge read before would count them unread.
        void Promise.all(written).then(() => {
          for (const [socket, following] of followingsOf(changeKey)) {
            if (!following.settled && socket.user) deps.touched?.(socket.user.id);
          }
        });
      }
    } catch (error) {
      deps.logger.warn(
        { err: error, changeKey },
        "live delivery failed; followers catch up on their next change",
      );
      // Their read marks may not have moved: the chat's unread messages count again.
      for (const [socket, following] of followingsOf(changeKey)) {
        following.settled = false;
        if (socket.user) deps.touched?.(socket.user.id);
      }
    } finally {
      running.delete(changeKey);
    }
  }

  /**
   * The blocks of every follower not known yet, in one statement: a club's first message after
   * its followers signed in would otherwise cost a statement per follower, one after another.
   */
  async function loadBlocks(followers: [LiveSocket, Following][]) {
    const unknown = new Set<number>();
    for (const [socket] of followers) {
      const id = socket.user?.id;
      if (id !== undefined && !deps.registry.people.get(id)?.blocked) unknown.add(id);
    }
    if (unknown.size === 0) return;
    const found = await readBlockedIdsOf(deps.db, [...unknown]);
    for (const [id, blocked] of found) {
      const person = deps.registry.people.get(id);
      if (person && !person.blocked) person.blocked = blocked;
    }
  }

  /** A follower's blocks (loadBlocks ran; a person who left meanwhile blocks no one here). */
  function blockedBy(userId: number): ReadonlySet<number> {
    return deps.registry.people.get(userId)?.blocked ?? NONE;
  }

  /**
   * A club chat: read once for every follower, then each follower's own view of it, serialised
   * once per distinct view (shared-frames.ts).
   */
  async function deliverClub(clubId: number, changeKey: string, room: Room, written: Promise<unknown>[]) {
    for (;;) {
      const followers = followingsOf(changeKey);
      if (followers.length === 0) return;
      const from = Math.min(...followers.map(([, following]) => following.cursor));
      const rows = await room.readNew(deps.db, clubId, from);
      if (rows.length === 0) return;
      await loadBlocks(followers);
      const newest = rows.at(-1)!.id;
      const marks = new Map<number, number>();
      const frames = createSharedFrames(counts);
      for (const [socket, following] of followers) {
        const user = socket.user;
        if (!user || socket.closed) continue;
        const viewer = { id: user.id, blocked: blockedBy(user.id) };
        const views = viewsOfClubMessages(rows, viewer, following.cursor);
        following.cursor = Math.max(following.cursor, newest);
        send(
          socket,
          views.map((view) => frames.text("message", following.name, view, viewer)),
        );
        const last = views.at(-1)?.row.id;
        if (last !== undefined) marks.set(user.id, Math.max(marks.get(user.id) ?? 0, last));
      }
      const last = rows.length < LIVE_BATCH;
      if (marks.size > 0) {
        const write: WriteMarks = (list) => room.markDelivered(deps.db, clubId, list);
        written.push(
          markWriter.add(changeKey, write, marks).then((ok) => {
            if (!ok) unsettle(followers, marks);
          }),
        );
      }
      if (last) {
        // Settled now, not once the marks are written: until then every message sent to the
        // club would write these followers' chat notices (send-message.ts), which at the start
        // of a busy hour kept the marks (and the sends) behind for seconds. A write that fails
        // unsettles them again.
        if (room.settles) settle(followers, marks);
        return;
      }
    }
  }

  /** Their read marks were not written: the chat's messages count as unread again. */
  function unsettle(followers: [LiveSocket, Following][], marks: ReadonlyMap<number, number>) {
    for (const [socket, following] of followers) {
      const userId = socket.user?.id;
      if (userId === undefined || !marks.has(userId)) continue;
      following.settled = false;
      deps.touched?.(userId);
    }
  }

  /**
   * After a club chat's whole run, a follower whose read mark it moved has read everything of
   * the chat they may see (the rest is held or from someone they blocked, which the badge does
   * not count either): the chat is settled for them until they stop following it or a delivery
   * fails (Following.settled).
   */
  function settle(followers: [LiveSocket, Following][], marks: ReadonlyMap<number, number>) {
    for (const [socket, following] of followers) {
      const userId = socket.user?.id;
      if (following.settled || socket.closed || userId === undefined || !marks.has(userId)) continue;
      following.settled = true;
      deps.touched?.(userId);
    }
  }

  /**
   * Changes to a club's messages: read once from the oldest change cursor among its followers,
   * then each follower's own view (their `reacted_by_me`, blocks, held messages).
   */
  async function deliverClubChanges(clubId: number, changeKey: string, room: Room) {
    for (;;) {
      const followers = followingsOf(changeKey);
      if (followers.length === 0) return;
      const after = Math.min(...followers.map(([, following]) => following.changeCursor));
      const upToId = Math.max(...followers.map(([, following]) => following.cursor));
      const rows = await room.readChanges(deps.db, { clubId, after, upToId });
      if (rows.length === 0) return;
      await loadBlocks(followers);
      const newest = Math.max(...rows.map((row) => row.changeSeq ?? 0));
      const frames = createSharedFrames(counts);
      for (const [socket, following] of followers) {
        const user = socket.user;
        if (!user || socket.closed) continue;
        const viewer = { id: user.id, blocked: blockedBy(user.id) };
        send(
          socket,
          viewsOfClubChanges(rows, viewer, following).map((view) =>
            frames.text("message_updated", following.name, view, viewer),
          ),
        );
        // A change to a message past the cursor reaches the follower with that message, as new.
        following.changeCursor = Math.max(following.changeCursor, newest);
      }
      if (rows.length < LIVE_BATCH) return;
    }
  }

  /** A direct chat: each of the two people reads it as their poll does (requests, blocks, hidden). */
  async function deliverDirect(changeKey: string) {
    for (const [socket, following] of followingsOf(changeKey)) {
      const user = socket.user;
      if (!user || socket.closed || following.target.type !== "user") continue;
      const otherId = following.target.id;
      const read = await runWithLocale(socket.locale, () =>
        readDirectUpdates({
          db: deps.db,
          memory: deps.memory,
          user,
          otherId,
          after: following.cursor,
          changesAfter: following.changeCursor,
        }),
      );
      for (const message of read.changed)
        sendFrame(socket, { type: "message_updated", conversation: following.name, message });
      following.changeCursor = Math.max(following.changeCursor, read.changeSeq);
      for (const message of read.added) {
        if (message.id <= following.cursor) continue;
        following.cursor = message.id;
        sendFrame(socket, { type: "message", conversation: following.name, message });
      }
    }
  }

  function send(socket: LiveSocket, texts: string[]) {
    if (socket.closed) return;
    counts.sent += texts.length;
    sendTexts(socket, texts);
  }

  function followingsOf(changeKey: string): [LiveSocket, Following][] {
    const pairs: [LiveSocket, Following][] = [];
    for (const socket of deps.registry.followers(changeKey)) {
      for (const following of socket.following.values()) {
        if (following.changeKey === changeKey) pairs.push([socket, following]);
      }
    }
    return pairs;
  }

  return {
    deliver,
    /** Resolves once the read marks delivered so far are written. */
    marksWritten: () => markWriter.idle(),
    /** Club chat frames serialised and sent so far (one serialisation serves a whole view). */
    frameCounts: (): Readonly<FrameCounts> => ({ ...counts }),
  };
}
