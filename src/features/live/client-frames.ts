import { LIVE_CLOSE, liveClientMessage } from "../../../common/api/live";
import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { DomainError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { SessionUser, TokenClaims } from "../../lib/session-token";
import { runWithLocale } from "../../platform/locale/request-locale";
import type { ReadToken } from "../../plugins/auth";
import type { ChatTarget } from "../chat";
import { conversationChangeKey, startFollowing } from "../chat";
import type { LivePerson, LiveSocket, Registry } from "./registry";
import { sendFrame } from "./send";
import { ownCopy, sharedLocale } from "./shared-locales";
import { relayTyping } from "./typing";

/** Frames a socket may send per minute before it is closed (a client sends a handful). */
const FRAMES_PER_MINUTE = 120;
/** A typing frame is relayed at most this often per socket. */
const TYPING_EVERY_MS = 2000;
/**
 * Sign-ins and subscriptions handled at once, process-wide (each reads the database: the
 * account, the badge and bell, the chat's newest message). When thousands of sockets sign in at
 * once (a replica's start, a reconnect after a deploy), every one of them started its reads at
 * once and waited in the pool's queue holding them, which kept the heap growing (the peak while
 * 10,000 sockets signed in, and the RSS left after it, docs/capacity.md, branch `mem48`) and
 * took all 10 of the pool's connections from requests. The rest wait their turn holding nothing
 * but their frame; the pool serves them no slower, one statement per connection either way.
 */
const DATABASE_FRAMES_AT_ONCE = 6;

export type ClientFrameDeps = {
  db: Database;
  logger: Logger;
  readToken: (token: string) => ReadToken | null;
  /** The auth feature's check of a token's account (sessionLoader), told not to remember it. */
  loadSessionUser: (
    claims: TokenClaims,
    tokenHash: string,
    options: { remember: boolean },
  ) => Promise<SessionUser>;
  registry: Registry;
  /** A socket just signed in: its person's badge and bell go out (counts.ts). */
  signedIn: (person: LivePerson) => Promise<void>;
  /** The person asked for their numbers after an action of their own (a `counts` frame; counts.ts). */
  asked: (person: LivePerson) => void;
  close: (socket: LiveSocket, code: number, reason: string) => void;
};

/**
 * What a client sends on its socket (docs/live.md): `auth`, `subscribe`, `unsubscribe`,
 * `typing` and `ping`, each checked and answered here; and the re-check of a signed-in socket's
 * token when its account changes (the hub calls `recheck` on the account's `a` key).
 */
export function createClientFrames(deps: ClientFrameDeps) {
  const { registry, close } = deps;
  /**
   * Accounts a sign-in is reading now, with the changes to them (`a` keys) heard meanwhile. The
   * socket is not in the registry until the read is done, so the hub's re-check on the `a` key
   * cannot reach it: a log-out, ban or password change committed during the read is caught here
   * instead, and the new socket checked again at once. Held only while a read runs.
   */
  const reading = new Map<number, { readers: number; changes: number }>();
  /** Frames that read the database, running now, and those waiting for a turn (in order). */
  let running = 0;
  const waiting: (() => void)[] = [];

  /** Runs `work` once fewer than DATABASE_FRAMES_AT_ONCE others run; a finished one hands its turn on. */
  async function inTurn(work: () => Promise<void>): Promise<void> {
    if (running < DATABASE_FRAMES_AT_ONCE) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  /** The account's `a` key changed (the hub re-checks its signed-in sockets itself). */
  function accountChanged(userId: number) {
    const watch = reading.get(userId);
    if (watch) watch.changes += 1;
  }

  /** Reads the token's account, and whether it changed while it was read. */
  async function readAccount(socket: LiveSocket, read: ReadToken) {
    const id = read.claims.id;
    let watch = reading.get(id);
    if (!watch) {
      watch = { readers: 0, changes: 0 };
      reading.set(id, watch);
    }
    watch.readers += 1;
    const changesBefore = watch.changes;
    try {
      const locale = ownCopy(socket.locale);
      const user = await runWithLocale(locale, () =>
        deps.loadSessionUser(read.claims, read.hash, { remember: false }),
      );
      socket.locale = sharedLocale(locale);
      return { user, changed: watch.changes !== changesBefore };
    } finally {
      watch.readers -= 1;
      if (watch.readers === 0) reading.delete(id);
    }
  }

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
      const locale = ownCopy(socket.locale);
      socket.user = await runWithLocale(locale, () =>
        deps.loadSessionUser(claims, tokenHash, { remember: false }),
      );
      socket.locale = sharedLocale(locale);
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
    if (socket.user || socket.closed) return;
    try {
      const read = deps.readToken(token);
      if (!read) throw new Error("no token");
      const { user, changed } = await readAccount(socket, read);
      if (socket.closed) return;
      // From now on the expiry sweep watches the token's expiry instead of the auth deadline.
      socket.tokenHash = read.hash;
      socket.tokenExp = read.exp;
      socket.tokenVersion = read.claims.ver;
      socket.user = user;
      const person = registry.signIn(socket, user.id);
      sendFrame(socket, { type: "ready" });
      // Signed in with what the read saw; a change heard during it is checked now.
      if (changed) void recheck(socket);
      await deps.signedIn(person);
    } catch {
      close(socket, LIVE_CLOSE.unauthorized, "invalid token");
    }
  }

  async function subscribe(socket: LiveSocket, name: string) {
    if (socket.closed) return;
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
        // A club chat they had read to its end is settled at once: its first message then
        // writes them no chat notice, and the delivery that marks it read need not re-read
        // their badge (nothing unread there moves it). At 10,000 sockets that first message
        // per club cost every member's notice and a badge read each (docs/capacity.md).
        settled: newest.readAll === true,
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

  /** One frame from the client: parsed, checked, and handled (or the socket closed). */
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
    if (message.type === "auth") {
      // The 5 s are for the frame to come, not for the database to answer a crowd of sign-ins.
      socket.openedAt = Number.POSITIVE_INFINITY;
      return inTurn(() => authenticate(socket, message.token));
    }
    if (message.type === "ping") return sendFrame(socket, { type: "pong" });
    if (!socket.user) return close(socket, LIVE_CLOSE.unauthorized, "auth expected");
    if (message.type === "subscribe") return inTurn(() => subscribe(socket, message.conversation));
    if (message.type === "unsubscribe") return registry.unfollow(socket, message.conversation);
    if (message.type === "counts") {
      const person = registry.people.get(socket.user.id);
      if (person) deps.asked(person);
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

  return { receive, recheck, accountChanged };
}
