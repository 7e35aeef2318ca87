import type { SessionUser } from "../../lib/session-token";
import type { LocaleStore } from "../../platform/locale/request-locale";
import type { ReadToken } from "../../plugins/auth";
import type { ChatTarget } from "../chat";

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
};

/** A live connection and what this process knows of it (Elysia wraps the socket anew per event). */
export type LiveSocket = {
  raw: RawSocket;
  locale: LocaleStore;
  user: SessionUser | null;
  token: ReadToken | null;
  following: Map<string, Following>;
  /** When it opened (Date.now()): the expiry sweep closes it if not signed in in time (expiry.ts). */
  openedAt: number;
  frames: { windowStartedAt: number; count: number };
  lastTypingAt: number;
  closed: boolean;
  /** The frame being handled: the next waits for it (frames are handled in order). */
  pending: Promise<void>;
};

/** What is kept per person with at least one live socket here. */
export type LivePerson = {
  sockets: Set<LiveSocket>;
  /** The people they blocked (their club messages are not sent); loaded when first needed. */
  blocked: Set<number> | null;
  /** The last badge and bell numbers sent, so only changes are sent. */
  badge: number | null;
  bell: string | null;
  unread: number | null;
  /** When their numbers were last read from the database (counts.ts reads them at most so often). */
  readAt: number;
};

/** The sockets of this process, by raw socket, by person and by the change key they follow. */
export function createRegistry() {
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
        person = { sockets: new Set(), blocked: null, badge: null, bell: null, unread: null, readAt: 0 };
        people.set(userId, person);
      }
      person.sockets.add(socket);
      return person;
    },
    follow(socket: LiveSocket, following: Following) {
      socket.following.set(following.name, following);
      let set = byKey.get(following.changeKey);
      if (!set) {
        set = new Set();
        byKey.set(following.changeKey, set);
      }
      set.add(socket);
    },
    unfollow(socket: LiveSocket, name: string) {
      const following = socket.following.get(name);
      if (!following) return;
      socket.following.delete(name);
      const set = byKey.get(following.changeKey);
      // Another conversation of this socket may share the key (never today: one key each).
      if (set && ![...socket.following.values()].some((f) => f.changeKey === following.changeKey)) {
        set.delete(socket);
        if (set.size === 0) byKey.delete(following.changeKey);
      }
    },
    followers(changeKey: string): LiveSocket[] {
      return [...(byKey.get(changeKey) ?? [])];
    },
    remove(socket: LiveSocket) {
      for (const name of [...socket.following.keys()]) this.unfollow(socket, name);
      sockets.delete(socket.raw);
      if (socket.user) {
        const person = people.get(socket.user.id);
        person?.sockets.delete(socket);
        if (person && person.sockets.size === 0) people.delete(socket.user.id);
      }
    },
  };
}

export type Registry = ReturnType<typeof createRegistry>;
