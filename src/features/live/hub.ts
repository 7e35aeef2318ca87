import { LIVE_CLOSE } from "../../../common/api/live";
import type { ChangeBus } from "../../lib/database/change-bus";
import type { Database } from "../../lib/database/client";
import type { Logger } from "../../lib/logger";
import { changeKeys } from "../../lib/poll-memory/keys";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser, TokenClaims } from "../../lib/session-token";
import type { LocaleStore } from "../../platform/locale/request-locale";
import type { ReadToken } from "../../plugins/auth";
import { createClientFrames } from "./client-frames";
import { createClubFrames } from "./club-frames";
import { createCounts } from "./counts";
import { createDelivery } from "./deliver";
import { createExpirySweep } from "./expiry";
import { FollowedChats } from "./followed-chats";
import { createReadFrames } from "./read-frames";
import { createRegistry, type LiveSocket, type RawSocket } from "./registry";
import { sendFrame } from "./send";
import { sharedLocale } from "./shared-locales";

export type LiveHubDeps = {
  db: Database;
  logger: Logger;
  memory: PollMemory;
  bus: ChangeBus;
  readToken: (token: string) => ReadToken | null;
  /** The auth feature's check of a token's account (sessionLoader), told not to remember it. */
  loadSessionUser: (
    claims: TokenClaims,
    tokenHash: string,
    options: { remember: boolean },
  ) => Promise<SessionUser>;
};

/**
 * The live connections of this process (docs/live.md): who each socket is, what it follows,
 * and what the one change bus (src/lib/database/change-bus.ts) says has changed. Every replica
 * hears every committed write's keys, so a message written through any replica reaches the
 * sockets held by all of them. What a client sends on its socket is handled in client-frames.ts;
 * the hub wires the registry, the deliveries and the numbers to the change bus.
 */
export function createLiveHub(deps: LiveHubDeps) {
  // The badge leaves out club chats the delivery keeps read (Following.settled): one that stops
  // being followed counts again, so its person's numbers are read again.
  const registry = createRegistry({ unsettled: (userId) => counts.touch(userId) });
  const counts = createCounts({ ...deps, registry });
  const delivery = createDelivery({ ...deps, registry, touched: (userId) => counts.touch(userId) });
  const readFrames = createReadFrames({ ...deps, registry });
  const clubFrames = createClubFrames({ ...deps, registry });

  const close = (socket: LiveSocket, code: number, reason: string) => {
    if (socket.closed) return;
    socket.closed = true;
    socket.raw.close(code, reason);
  };
  const expiry = createExpirySweep({
    registry,
    expire: (socket, reason) => close(socket, LIVE_CLOSE.unauthorized, reason),
  });
  const { receive, recheck, accountChanged } = createClientFrames({
    ...deps,
    registry,
    close,
    signedIn: (person) => counts.sendCurrent(person),
    asked: (person) => counts.asked(person),
  });

  /** Keys from the change bus: deliver, re-check, and look at everyone's numbers. */
  function changed(keys: string[]) {
    for (const key of keys) {
      const kind = key[0];
      if (kind === "R" || kind === "c" || kind === "v") readFrames.changed(key);
      if (kind === "P" || kind === "V") clubFrames.changed(key);
      if (kind === "c" || kind === "d" || kind === "v") {
        if (registry.followers(key).length > 0) void delivery.deliver(key);
      } else if (kind === "a") {
        const userId = Number(key.slice(1));
        accountChanged(userId);
        const person = registry.people.get(userId);
        if (person) {
          person.blocked = null;
          for (const socket of person.sockets) {
            // A block or a membership changes what of a chat the badge counts: counted again
            // until the next delivery has marked it read with the new blocks.
            for (const following of socket.following.values()) following.settled = false;
            void recheck(socket);
          }
        }
      } else if (kind === "y") {
        typingHeard(key);
      }
    }
    counts.changed(keys);
  }

  /** `y<from>-<to>`: the sender is typing to `to`; their sockets following `user:<from>` hear it. */
  function typingHeard(key: string) {
    const [from, to] = key.slice(1).split("-").map(Number) as [number, number];
    for (const socket of registry.people.get(to)?.sockets ?? []) {
      if (socket.following.has(`user:${from}`)) {
        sendFrame(socket, { type: "typing", conversation: `user:${from}`, user_id: from });
      }
    }
  }

  /** Back after a lost LISTEN: NOTIFYs were missed, so everything is looked at again. */
  function resumed() {
    const keys = new Set<string>();
    for (const socket of registry.sockets.values()) {
      for (const following of socket.following.values()) {
        keys.add(following.changeKey);
        // Messages sent meanwhile were not heard: the chat is not known to be read until delivered again.
        following.settled = false;
      }
      void recheck(socket);
    }
    for (const key of keys) void delivery.deliver(key);
    counts.changedAll();
  }

  // A write's NOTICE comes before its commit, so a read it started would mostly find nothing
  // yet and every badge as it was, and the NOTIFY after the commit would read it all again:
  // the live connection waits for the NOTIFY only.
  const stopFollowing = deps.bus.follow({ changed, committing: () => {}, resumed });

  return {
    open(raw: RawSocket, locale: LocaleStore) {
      const socket: LiveSocket = {
        raw,
        locale: sharedLocale(locale),
        user: null,
        tokenHash: null,
        tokenExp: 0,
        tokenVersion: 0,
        following: new FollowedChats(),
        openedAt: Date.now(),
        windowStartedAt: Date.now(),
        framesInWindow: 0,
        lastTypingAt: 0,
        closed: false,
        pending: null,
      };
      registry.add(socket);
      expiry.watch();
    },
    /**
     * A frame: the text, or what Elysia already parsed of it. A socket's frames are handled one
     * after another, so a client may send `auth` and `subscribe` at once without waiting for
     * `ready`.
     */
    async message(raw: RawSocket, data: unknown) {
      const socket = registry.of(raw);
      if (!socket || socket.closed) return;
      const run = () => (socket.closed ? undefined : receive(socket, data));
      const turn = socket.pending ? socket.pending.then(run) : run();
      // Kept only while frames are being handled: an idle socket holds no promise.
      const tail: Promise<void> = Promise.resolve(turn)
        .catch(() => {})
        .then(() => {
          if (socket.pending === tail) socket.pending = null;
        });
      socket.pending = tail;
      await turn;
    },
    close(raw: RawSocket) {
      const socket = registry.of(raw);
      if (!socket) return;
      socket.closed = true;
      registry.remove(socket);
    },
    /**
     * The people whose sockets here follow club `clubId`'s chat settled (Following.settled): the
     * delivery of its next message moves their read mark, so that message gives them no chat
     * notice (src/features/chat/send-message.ts). Read when a message is sent.
     */
    settledReaders(clubId: number): number[] {
      const ids: number[] = [];
      for (const socket of registry.followers(changeKeys.club(clubId))) {
        const following = socket.following.get(`club:${clubId}`);
        if (following?.settled && socket.user && !socket.closed) ids.push(socket.user.id);
      }
      return ids;
    },
    /** Sockets held, people signed in here, club chat frames serialised and sent, numbers read (tests, benches). */
    stats() {
      const frames = delivery.frameCounts();
      return {
        sockets: registry.sockets.size,
        people: registry.people.size,
        framesSerialised: frames.serialised,
        framesSent: frames.sent,
        /** Reads of someone's badge and bell from the database (counts.ts). */
        countReads: counts.reads(),
      };
    },
    /** Resolves once the read marks of what was delivered are written (a stopping server waits). */
    marksWritten: () => delivery.marksWritten(),
    stop() {
      stopFollowing();
      expiry.stop();
      counts.stop();
      readFrames.stop();
      clubFrames.stop();
      for (const socket of registry.sockets.values()) close(socket, LIVE_CLOSE.goingAway, "server stopping");
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
