import { LIVE_CLOSE, liveClientMessage } from "../../../common/api/live";
import { m } from "../../../common/messages";
import type { ChangeBus } from "../../lib/database/change-bus";
import type { Database } from "../../lib/database/client";
import { DomainError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser, TokenClaims } from "../../lib/session-token";
import { type LocaleStore, runWithLocale } from "../../platform/locale/request-locale";
import type { ReadToken } from "../../plugins/auth";
import type { ChatTarget } from "../chat";
import { conversationChangeKey, startFollowing } from "../chat";
import { createClubFrames } from "./club-frames";
import { createCounts } from "./counts";
import { createDelivery } from "./deliver";
import { createExpirySweep } from "./expiry";
import { createReadFrames } from "./read-frames";
import { createRegistry, type LiveSocket, type RawSocket } from "./registry";
import { sendFrame } from "./send";
import { relayTyping } from "./typing";

/** Frames a socket may send per minute before it is closed (a client sends a handful). */
const FRAMES_PER_MINUTE = 120;
/** A typing frame is relayed at most this often per socket. */
const TYPING_EVERY_MS = 2000;

export type LiveHubDeps = {
  db: Database;
  logger: Logger;
  memory: PollMemory;
  bus: ChangeBus;
  readToken: (token: string) => ReadToken | null;
  loadSessionUser: (claims: TokenClaims, tokenHash: string) => Promise<SessionUser>;
};

/**
 * The live connections of this process (docs/live.md): who each socket is, what it follows,
 * and what the one change bus (src/lib/database/change-bus.ts) says has changed. Every replica
 * hears every committed write's keys, so a message written through any replica reaches the
 * sockets held by all of them.
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

  /** Checks a signed-in socket's token again (a log-out, ban or password change closes it). */
  async function recheck(socket: LiveSocket) {
    const { tokenHash, user } = socket;
    if (tokenHash === null || !user || socket.closed) return;
    // Only the id and the version of the claims are checked again (the account's row has the rest).
    const claims: TokenClaims = {
      sub: user.username,
      id: user.id,
      role: user.role,
      ver: socket.tokenVersion,
    };
    try {
      socket.user = await runWithLocale(socket.locale, () => deps.loadSessionUser(claims, tokenHash));
    } catch {
      close(socket, LIVE_CLOSE.unauthorized, "signed out");
      return;
    }
    // Leaving a club (or a ban, a role change) can take away a conversation.
    for (const following of [...socket.following.values()]) {
      try {
        await runWithLocale(socket.locale, () =>
          startFollowing({ db: deps.db, user: socket.user!, target: following.target }),
        );
      } catch (error) {
        registry.unfollow(socket, following.name);
        sendFrame(socket, { type: "error", conversation: following.name, detail: detailOf(error) });
      }
    }
  }

  async function authenticate(socket: LiveSocket, token: string) {
    if (socket.user) return;
    try {
      const read = deps.readToken(token);
      if (!read) throw new Error("no token");
      const user = await runWithLocale(socket.locale, () => deps.loadSessionUser(read.claims, read.hash));
      if (socket.closed) return;
      // From now on the expiry sweep watches the token's expiry instead of the auth deadline.
      socket.tokenHash = read.hash;
      socket.tokenExp = read.exp;
      socket.tokenVersion = read.claims.ver;
      socket.user = user;
      const person = registry.signIn(socket, user.id);
      sendFrame(socket, { type: "ready" });
      await counts.sendCurrent(person);
    } catch {
      close(socket, LIVE_CLOSE.unauthorized, "invalid token");
    }
  }

  async function subscribe(socket: LiveSocket, name: string) {
    const user = socket.user!;
    const [type, id] = name.split(":") as [ChatTarget["type"], string];
    const target: ChatTarget = { type, id: Number(id) };
    try {
      const newest = await runWithLocale(socket.locale, () => startFollowing({ db: deps.db, user, target }));
      if (socket.closed) return;
      registry.follow(socket, {
        name,
        target,
        changeKey: conversationChangeKey(user.id, target),
        cursor: newest.id,
        changeCursor: newest.changeSeq,
        settled: false,
      });
      sendFrame(socket, { type: "subscribed", conversation: name });
    } catch (error) {
      sendFrame(socket, { type: "error", conversation: name, detail: detailOf(error) });
    }
  }

  function detailOf(error: unknown): string {
    if (error instanceof DomainError && typeof error.detail === "string") return error.detail;
    deps.logger.warn({ err: error }, "live subscription failed");
    return m.common.unavailable;
  }

  function tooChatty(socket: LiveSocket): boolean {
    const now = Date.now();
    if (now - socket.windowStartedAt > 60_000) {
      socket.windowStartedAt = now;
      socket.framesInWindow = 0;
    }
    socket.framesInWindow += 1;
    return socket.framesInWindow > FRAMES_PER_MINUTE;
  }

  async function receive(socket: LiveSocket, data: unknown) {
    if (tooChatty(socket)) return close(socket, LIVE_CLOSE.tooMany, "too many frames");
    let json: unknown = data;
    if (typeof data === "string" || data instanceof Uint8Array) {
      try {
        json = JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data));
      } catch {
        json = null;
      }
    }
    const frame = liveClientMessage.safeParse(json);
    if (!frame.success) {
      // Before auth, anything but `auth` ends the socket as a missing auth does.
      if (!socket.user) return close(socket, LIVE_CLOSE.unauthorized, "auth expected");
      return runWithLocale(socket.locale, () =>
        sendFrame(socket, { type: "error", detail: m.common.badBody }),
      );
    }
    const message = frame.data;
    if (message.type === "auth") return authenticate(socket, message.token);
    if (message.type === "ping") return sendFrame(socket, { type: "pong" });
    if (!socket.user) return close(socket, LIVE_CLOSE.unauthorized, "auth expected");
    if (message.type === "subscribe") return subscribe(socket, message.conversation);
    if (message.type === "unsubscribe") return registry.unfollow(socket, message.conversation);
    if (message.type === "counts") {
      const person = registry.people.get(socket.user.id);
      if (person) counts.asked(person);
      return;
    }
    // typing: only in a direct chat the socket follows, and not too often.
    const following = socket.following.get(message.conversation);
    if (following?.target.type !== "user") return;
    const now = Date.now();
    if (now - socket.lastTypingAt < TYPING_EVERY_MS) return;
    socket.lastTypingAt = now;
    await relayTyping(deps.db, { from: socket.user.id, to: following.target.id });
  }

  /** Keys from the change bus: deliver, re-check, and look at everyone's numbers. */
  function changed(keys: string[]) {
    for (const key of keys) {
      const kind = key[0];
      if (kind === "R" || kind === "c" || kind === "v") readFrames.changed(key);
      if (kind === "P" || kind === "V") clubFrames.changed(key);
      if (kind === "c" || kind === "d" || kind === "v") {
        if (registry.followers(key).length > 0) void delivery.deliver(key);
      } else if (kind === "a") {
        const person = registry.people.get(Number(key.slice(1)));
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

  const stopFollowing = deps.bus.follow({ changed, resumed });

  return {
    open(raw: RawSocket, locale: LocaleStore) {
      const socket: LiveSocket = {
        raw,
        locale,
        user: null,
        tokenHash: null,
        tokenExp: 0,
        tokenVersion: 0,
        following: new Map(),
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
