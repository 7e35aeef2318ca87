import { z } from "zod";
import type { ChatMessage } from "./chat";
import type { NoticeCounts, NoticeJson } from "./notices";

/**
 * The live connection's protocol (`GET /api/live`, a WebSocket; docs/live.md). Every frame is
 * one JSON object with a `type`. The client speaks first: `auth` with its token (a browser
 * cannot set headers on a WebSocket, and a token in the URL ends up in logs).
 */

/**
 * `club:<id>` (a club's chat), `announcements:<id>` (a club's Avisos channel) or `user:<id>`
 * (the direct chat with that person).
 */
const conversationName = z.string().regex(/^(club|announcements|user):[1-9]\d{0,9}$/);

export const liveClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("auth"), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal("subscribe"), conversation: conversationName }),
  z.object({ type: z.literal("unsubscribe"), conversation: conversationName }),
  /** Typing in a direct chat (`user:<id>`); the other person's open sockets hear it. */
  z.object({ type: z.literal("typing"), conversation: conversationName }),
  /** The client's own liveness check (a browser sees no WebSocket pings): answered with `pong`. */
  z.object({ type: z.literal("ping") }),
  /**
   * The person just did something that moves their own numbers (answered a request, read a chat,
   * opened Connections): their `badge` and `notice` frames follow within a sweep, not after the
   * up to 10 s a person whose numbers keep changing waits. Answered only by those frames.
   */
  z.object({ type: z.literal("counts") }),
]);
export type LiveServerMessage =
  | { type: "ready" }
  | { type: "pong" }
  | { type: "subscribed"; conversation: string }
  | { type: "error"; conversation?: string; detail: string }
  /** A new message, exactly as `GET /api/messages/{user|club}/{id}` returns it. */
  | { type: "message"; conversation: string; message: ChatMessage }
  /** A message changed (edited, deleted to a tombstone, reactions): the full JSON, to replace by id. */
  | { type: "message_updated"; conversation: string; message: ChatMessage }
  /**
   * Someone else's read mark in a followed conversation moved: they have read up to
   * `last_read_id`. Sent only between people who both share read receipts (settings
   * `read_receipts`); in a club chat (or its Avisos) only to a follower whose newest own message it
   * reaches, the readers of 100 ms as one frame naming the furthest (ask `GET …/reads` for the rest).
   */
  | { type: "read"; conversation: string; user_id: number; last_read_id: number; read_at: string }
  /**
   * A message already sent was edited, deleted (a tombstone) or its reactions changed: the whole
   * message as that follower's `GET /api/messages/{user|club}/{id}` now returns it.
   */
  | { type: "message_updated"; conversation: string; message: ChatMessage }
  /**
   * The club chat's pinned message changed (pinned, replaced, unpinned): `message_id` is the
   * pinned one or null; `GET /api/messages/club/{id}/pinned` gives the message itself.
   */
  | { type: "pin"; conversation: string; message_id: number | null }
  /**
   * A club poll's counts changed (a vote, a change, a withdrawal, a close): to the club's members
   * and owner wherever they are in the app. Counts only; each person keeps their own my_votes.
   */
  | { type: "poll"; poll: PollCounts }
  /** The other person is typing in a direct chat. */
  | { type: "typing"; conversation: string; user_id: number }
  /** The spec's badge number (`GET /api/notifications`). */
  | { type: "badge"; count: number }
  /** The bell's numbers changed; `notice` is the newest notice when one was added. */
  | { type: "notice"; counts: NoticeCounts; notice: NoticeJson | null };

/** A poll's counts as the `poll` frame carries them (GET /api/polls/{id} has the rest). */
export type PollCounts = {
  id: number;
  club_id: number;
  options: { index: number; text: string; votes: number }[];
  total_voters: number;
  closed: boolean;
};

export { LIVE_CLOSE } from "../live-close";

/** Seconds the server waits for the first `auth` frame. */
export const LIVE_AUTH_SECONDS = 5;
