import type { SessionUser } from "../../lib/session-token";
import type { LocaleStore } from "../../platform/locale/request-locale";
import type { ChatTarget } from "../chat";
import type { FollowedChatsOf } from "./followed-chats";

/**
 * What the hub uses of Bun's socket (Elysia's `ws.raw`), the key of its state. `cork` batches
 * the sends made in its callback into one write.
 */
export type RawSocket = {
  send(data: string): number;
  close(code?: number, reason?: string): void;
  cork?(callback: () => unknown): unknown;
};

/**
 * One followed conversation of one socket: the newest message id it was sent (`cursor`) and the
 * newest change (edit, deletion, reaction; a change_seq) it was sent (`changeCursor`).
 */
export type Following = {
  name: string;
  target: ChatTarget;
  changeKey: string;
  cursor: number;
  changeCursor: number;
  /**
   * A club chat only: the live delivery has marked read, for this person, everything of the chat
   * it read (deliver.ts). While it stays so, the chat's unread messages are none of the badge's
   * business: each new one is marked read as it is sent, so counts.ts leaves the chat out of the
   * badge's statement and needs no re-read when a message arrives or the mark moves.
   */
  settled: boolean;
};

/** A live connection and what this process knows of it (Elysia wraps the socket anew per event). */
export type LiveSocket = {
  raw: RawSocket;
  locale: LocaleStore;
  user: SessionUser | null;
  /**
   * The signed-in token, as plain fields (no claims object per socket): its revocation key
   * (null until signed in), expiry (seconds) and version, all a re-check needs.
   */
  tokenHash: string | null;
  tokenExp: number;
  tokenVersion: number;
  /** The conversations it follows, by name (followed-chats.ts: no Map for a socket's one chat). */
  following: FollowedChatsOf;
  /**
   * When it opened (Date.now()): the expiry sweep closes it if no `auth` frame came in time
   * (expiry.ts). Infinity once one came: its sign-in may wait its turn at the database
   * (client-frames.ts) and closes the socket itself if the token is refused.
   */
  openedAt: number;
  /** The frame-rate window (hub.ts): when it started, and frames received in it. */
  windowStartedAt: number;
  framesInWindow: number;
  lastTypingAt: number;
  closed: boolean;
  /** The frame being handled, while one is: the next waits for it (frames are handled in order). */
  pending: Promise<void> | null;
};

/**
 * What is kept per person with at least one live socket here. Their badge and bell numbers are
 * kept here as plain numbers, with whether they may have changed (counts.ts): no poll-memory
 * entries per person (docs/capacity.md "Memory").
 */
export type LivePerson = {
  id: number;
  /** Their sockets here: nearly always one (an array of one costs less than a Set). */
  sockets: LiveSocket[];
  /** The people they blocked (their club messages are not sent); loaded when first needed. */
  blocked: Set<number> | null;
  /** The last badge and bell numbers sent (-1: none yet), so only changes are sent. */
  badge: number;
  unread: number;
  joinRequests: number;
  connectionNotices: number;
  /** The clubs whose change keys can move their numbers (member, owner, officer), as last read. */
  clubs: readonly number[];
  /** A change heard since their numbers were last read may have moved them (counts.ts). */
  stale: boolean;
  /** Their numbers are being read now (a change heard meanwhile must not be taken as seen). */
  reading: boolean;
  /** When their numbers were last read from the database (counts.ts reads them at most so often). */
  readAt: number;
  /** When they last asked for their numbers after an action of their own (counts.ts). */
  askedAt: number;
};

const NO_CLUBS: readonly number[] = [];

/** The sockets of this process, by raw socket, by person and by the change key they follow. */
export function createRegistry({
  unsettled = () => {},
}: {
  /** A person stopped following a settled club chat here: its unread messages count again. */
  unsettled?: (userId: number) => void;
} = {}) {
  const sockets = new Map<RawSocket, LiveSocket>();
  const people = new Map<number, LivePerson>();
  const byKey = new Map<string, Set<LiveSocket>>();

  return {
    sockets,
    people,
    add(socket: LiveSocket) {
      sockets.set(socket.raw, socket);
    },
    of(raw: RawSocket) {
      return sockets.get(raw);
    },
    /** Counts the socket under its (now known) person. */
    signIn(socket: LiveSocket, userId: number) {
      let person = people.get(userId);
      if (!person) {
        person = {
          id: userId,
          sockets: [],
          blocked: null,
          badge: -1,
          unread: -1,
          joinRequests: -1,
          connectionNotices: -1,
          clubs: NO_CLUBS,
          stale: false,
          reading: false,
          readAt: 0,
          askedAt: 0,
        };
        people.set(userId, person);
      }
      if (!person.sockets.includes(socket)) person.sockets.push(socket);
      return person;
    },
    follow(socket: LiveSocket, following: Following) {
      // Subscribed again: the chat starts over unsettled, so it counts again.
      if (socket.following.get(following.name)?.settled && socket.user) unsettled(socket.user.id);
      let set = byKey.get(following.changeKey);
      if (!set) {
        set = new Set();
        byKey.set(following.changeKey, set);
      }
      // Followers of one chat share its name, key and target (never changed once made): 2,000
      // followers of a club need one of each, not 2,000.
      for (const other of set) {
        const same = other.following.get(following.name);
        if (same && same.changeKey === following.changeKey) {
          following.name = same.name;
          following.changeKey = same.changeKey;
          following.target = same.target;
        }
        break;
      }
      socket.following.set(following.name, following);
      set.add(socket);
    },
    unfollow(socket: LiveSocket, name: string) {
      const following = socket.following.get(name);
      if (!following) return;
      socket.following.delete(name);
      if (following.settled && socket.user) unsettled(socket.user.id);
      const set = byKey.get(following.changeKey);
      // Another conversation of this socket may share the key (never today: one key each).
      if (set && ![...socket.following.values()].some((f) => f.changeKey === following.changeKey)) {
        set.delete(socket);
        if (set.size === 0) byKey.delete(following.changeKey);
      }
    },
    /** Whether one of the person's sockets here follows club `clubId`'s chat, settled. */
    settledIn(person: LivePerson, clubId: number): boolean {
      for (const socket of person.sockets) {
        for (const following of socket.following.values()) {
          if (following.settled && following.target.type === "club" && following.target.id === clubId)
            return true;
        }
      }
      return false;
    },
    /** Whether one of the person's sockets here follows club `clubId`'s chat (settled or not). */
    followsClub(person: LivePerson, clubId: number): boolean {
      for (const socket of person.sockets) {
        for (const following of socket.following.values()) {
          if (following.target.type === "club" && following.target.id === clubId) return true;
        }
      }
      return false;
    },
    /** The club chats the person follows settled here (the badge's statement leaves them out). */
    settledClubs(person: LivePerson): number[] {
      const ids: number[] = [];
      for (const socket of person.sockets) {
        for (const following of socket.following.values()) {
          if (following.settled && following.target.type === "club") ids.push(following.target.id);
        }
      }
      return ids;
    },
    followers(changeKey: string): LiveSocket[] {
      return [...(byKey.get(changeKey) ?? [])];
    },
    remove(socket: LiveSocket) {
      for (const name of [...socket.following.keys()]) this.unfollow(socket, name);
      sockets.delete(socket.raw);
      if (socket.user) {
        const person = people.get(socket.user.id);
        if (!person) return;
        const at = person.sockets.indexOf(socket);
        if (at >= 0) person.sockets.splice(at, 1);
        if (person.sockets.length === 0) people.delete(socket.user.id);
      }
    },
  };
}

export type Registry = ReturnType<typeof createRegistry>;
