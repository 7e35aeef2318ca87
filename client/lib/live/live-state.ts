import { useSyncExternalStore } from "react";
import type { ChatMessage } from "../../../common/api/chat";
import type { PollCounts } from "../../../common/api/live";
import type { NoticeCounts, NoticeJson } from "../../../common/api/notices";
import {
  createLiveConnection,
  type LiveConnection,
  type LiveReadFrame,
  type LiveStatus,
} from "./live-connection";

/**
 * The tab's one live connection (./live-connection.ts) and who listens to it: the top bar's
 * numbers (client/components/notification-poll.tsx starts it for a signed-in session) and each
 * open chat thread (client/routes/chat/-lib/use-chat-thread.ts). Nothing here runs on the
 * server: it starts only in an effect.
 */
export type ThreadListener = {
  message(message: ChatMessage): void;
  /** A message in the thread changed (`message_updated`): replace it by id. */
  updated?(message: ChatMessage): void;
  /** Followed (again) over a fresh socket: catch up through the REST API. */
  followed(): void;
  typing?(userId: number): void;
  /** Someone else read up to `frame.last_read_id` (read receipts). */
  read?(frame: LiveReadFrame): void;
  /** The club chat's pinned message changed (null: unpinned). */
  pin?(messageId: number | null): void;
};

type CountListener = {
  badge(count: number): void;
  notice(counts: NoticeCounts, notice: NoticeJson | null): void;
};

let connection: LiveConnection | null = null;
let connectedToken: string | null = null;
let status: LiveStatus = "down";
const followed = new Set<string>();
const statusListeners = new Set<() => void>();
const threads = new Map<string, Set<ThreadListener>>();
let counts: CountListener | null = null;
const pollListeners = new Set<(counts: PollCounts) => void>();

function setStatus(next: LiveStatus) {
  status = next;
  if (next !== "up") followed.clear();
  for (const listener of statusListeners) listener();
}

function liveUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}/api/live`;
}

/** Starts (or keeps) the connection for this token; a new token replaces the old connection. */
export function startLive(token: string, listener: CountListener): () => void {
  counts = listener;
  if (connection && connectedToken !== token) stopLive();
  if (!connection && typeof WebSocket !== "undefined") {
    connectedToken = token;
    connection = createLiveConnection({
      url: liveUrl(),
      token: () => connectedToken,
      handlers: {
        status: setStatus,
        message: (name, message) => {
          for (const thread of threads.get(name) ?? []) thread.message(message);
        },
        updated: (name, message) => {
          for (const thread of threads.get(name) ?? []) thread.updated?.(message);
        },
        followed: (name) => {
          followed.add(name);
          for (const listener of statusListeners) listener();
          for (const thread of threads.get(name) ?? []) thread.followed();
        },
        refused: (name) => {
          followed.delete(name);
          for (const listener of statusListeners) listener();
        },
        badge: (count) => counts?.badge(count),
        notice: (numbers, notice) => counts?.notice(numbers, notice),
        typing: (name, userId) => {
          for (const thread of threads.get(name) ?? []) thread.typing?.(userId);
        },
        read: (name, frame) => {
          for (const thread of threads.get(name) ?? []) thread.read?.(frame);
        },
        pin: (name, messageId) => {
          for (const thread of threads.get(name) ?? []) thread.pin?.(messageId);
        },
        poll: (numbers) => {
          for (const listener of pollListeners) listener(numbers);
        },
      },
    });
    for (const name of threads.keys()) connection.follow(name);
    connection.start();
    window.addEventListener("online", nudge);
  }
  return () => {
    if (counts === listener) counts = null;
  };
}

function nudge() {
  connection?.nudge();
}

export function stopLive(): void {
  window.removeEventListener("online", nudge);
  connection?.stop();
  connection = null;
  connectedToken = null;
  setStatus("down");
}

/** Listens to one conversation while it is open; returns the function that stops. */
export function followLive(name: string, listener: ThreadListener): () => void {
  let set = threads.get(name);
  if (!set) {
    set = new Set();
    threads.set(name, set);
    connection?.follow(name);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) {
      threads.delete(name);
      followed.delete(name);
      connection?.unfollow(name);
    }
  };
}

/** Hears every poll's new counts (`poll` frames) while mounted; returns the function that stops. */
export function onLivePoll(listener: (counts: PollCounts) => void): () => void {
  pollListeners.add(listener);
  return () => {
    pollListeners.delete(listener);
  };
}

/**
 * After the person's own action: the live connection sends the badge and bell numbers again
 * soon (a `counts` frame). False when it is not up (the caller asks the server itself).
 */
export function askLiveCounts(): boolean {
  return connection?.counts() ?? false;
}

/** Tells the other person this one is typing (a direct chat that is followed live). */
export function sendTyping(name: string): void {
  connection?.typing(name);
}

const subscribe = (listener: () => void) => {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
};

/** True while the live connection is up: the badge and bell polls stand still. */
export function useLiveUp(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => status === "up",
    () => false,
  );
}

/** True while this conversation is followed live: its 2-second poll stands still. */
export function useFollowedLive(name: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => status === "up" && followed.has(name),
    () => false,
  );
}
