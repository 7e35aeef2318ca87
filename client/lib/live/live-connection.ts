import type { ChatMessage } from "../../../common/api/chat";
import type { LiveServerMessage, PollCounts } from "../../../common/api/live";
import type { NoticeCounts, NoticeJson } from "../../../common/api/notices";
import { LIVE_CLOSE } from "../../../common/live-close";

/**
 * The browser's side of the live connection (`GET /api/live`, docs/live.md), with no React in
 * it: one socket per tab, signed in with its first frame, following the conversations that are
 * open. While it is up the app's chat, badge and bell polls stand still; while it is down they
 * run as before, so a proxy without WebSockets costs nothing but the polls.
 *
 * Nothing is lost across a drop: it reconnects with backoff, follows the same conversations
 * again, and says `followed` for each, whereupon the thread asks the REST API for what came
 * after the last message it has (the poll's `?after=`). Messages are merged by id, so one that
 * arrives both ways shows once.
 */
export type LiveStatus = "connecting" | "up" | "down";

export type LiveReadFrame = Extract<LiveServerMessage, { type: "read" }>;

type LiveHandlers = {
  message(conversation: string, message: ChatMessage): void;
  /** A message already sent changed (edit, tombstone, reactions); optional for older callers. */
  updated?(conversation: string, message: ChatMessage): void;
  /** Following (again) over a fresh socket: catch up through the REST API now. */
  followed(conversation: string): void;
  refused(conversation: string, detail: string): void;
  badge(count: number): void;
  notice(counts: NoticeCounts, notice: NoticeJson | null): void;
  typing(conversation: string, userId: number): void;
  /** Someone else's read mark moved in a followed conversation. */
  read?(conversation: string, frame: LiveReadFrame): void;
  /** A followed club chat's pinned message changed (null: unpinned). */
  pin?(conversation: string, messageId: number | null): void;
  /** A poll of one of the person's clubs has new counts. */
  poll?(counts: PollCounts): void;
  status(status: LiveStatus): void;
};

export type LiveConnectionOptions = {
  url: string;
  token: () => string | null;
  handlers: LiveHandlers;
  /** The browser's WebSocket (a test may pass another). */
  WebSocketImpl?: typeof WebSocket;
  /** Milliseconds before reconnect attempt `n` (0-based). */
  backoff?: (attempt: number) => number;
  /** How often the client checks the socket is alive, and how long it waits for the answer. */
  pingEveryMs?: number;
  pongWithinMs?: number;
};

/** 1 s, 2 s, 4 s … up to 30 s, each with up to a quarter more at random (replicas restart together). */
function defaultBackoff(attempt: number): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return base + Math.random() * base * 0.25;
}

export function createLiveConnection(options: LiveConnectionOptions) {
  const { url, token, handlers } = options;
  const Impl = options.WebSocketImpl ?? WebSocket;
  const backoff = options.backoff ?? defaultBackoff;
  const pingEveryMs = options.pingEveryMs ?? 25_000;
  const pongWithinMs = options.pongWithinMs ?? 10_000;
  const following = new Set<string>();
  let socket: WebSocket | null = null;
  let up = false;
  let stopped = true;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let pongTimer: ReturnType<typeof setTimeout> | null = null;

  const send = (frame: unknown) => {
    if (socket?.readyState === Impl.OPEN) socket.send(JSON.stringify(frame));
  };

  function setStatus(status: LiveStatus) {
    up = status === "up";
    handlers.status(status);
  }

  function clearTimers() {
    if (pingTimer) clearInterval(pingTimer);
    if (pongTimer) clearTimeout(pongTimer);
    pingTimer = null;
    pongTimer = null;
  }

  function onFrame(frame: LiveServerMessage) {
    switch (frame.type) {
      case "ready":
        attempt = 0;
        setStatus("up");
        for (const name of following) send({ type: "subscribe", conversation: name });
        break;
      case "pong":
        if (pongTimer) clearTimeout(pongTimer);
        pongTimer = null;
        break;
      case "subscribed":
        if (following.has(frame.conversation)) handlers.followed(frame.conversation);
        break;
      case "error":
        if (frame.conversation) handlers.refused(frame.conversation, frame.detail);
        break;
      case "message":
        if (following.has(frame.conversation)) handlers.message(frame.conversation, frame.message);
        break;
      case "message_updated":
        if (following.has(frame.conversation)) handlers.updated?.(frame.conversation, frame.message);
        break;
      case "badge":
        handlers.badge(frame.count);
        break;
      case "notice":
        handlers.notice(frame.counts, frame.notice);
        break;
      case "typing":
        handlers.typing(frame.conversation, frame.user_id);
        break;
      case "read":
        if (following.has(frame.conversation)) handlers.read?.(frame.conversation, frame);
        break;
      case "pin":
        if (following.has(frame.conversation)) handlers.pin?.(frame.conversation, frame.message_id);
        break;
      case "poll":
        handlers.poll?.(frame.poll);
        break;
    }
  }

  function connect() {
    retryTimer = null;
    const current = token();
    if (stopped || !current) return;
    setStatus("connecting");
    let opened: WebSocket;
    try {
      opened = new Impl(url);
    } catch {
      return scheduleRetry();
    }
    socket = opened;
    opened.addEventListener("open", () => {
      opened.send(JSON.stringify({ type: "auth", token: current }));
      pingTimer = setInterval(() => {
        send({ type: "ping" });
        pongTimer ??= setTimeout(() => opened.close(), pongWithinMs);
      }, pingEveryMs);
    });
    opened.addEventListener("message", (event) => {
      try {
        onFrame(JSON.parse(String(event.data)) as LiveServerMessage);
      } catch {
        // Not a frame of ours: ignored.
      }
    });
    opened.addEventListener("close", (event) => {
      if (socket !== opened) return;
      socket = null;
      clearTimers();
      setStatus("down");
      // A refused token waits for the next sign-in (start again) instead of retrying forever.
      if (event.code === LIVE_CLOSE.unauthorized) return;
      scheduleRetry();
    });
  }

  function scheduleRetry() {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(connect, backoff(attempt));
    attempt += 1;
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      attempt = 0;
      connect();
    },
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      clearTimers();
      const closing = socket;
      socket = null;
      closing?.close(1000);
      if (up) setStatus("down");
    },
    /** Reconnects at once (the network came back, the tab was shown again). */
    nudge() {
      if (stopped || socket) return;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      connect();
    },
    follow(name: string) {
      if (following.has(name)) return;
      following.add(name);
      if (up) send({ type: "subscribe", conversation: name });
    },
    unfollow(name: string) {
      if (!following.delete(name)) return;
      if (up) send({ type: "unsubscribe", conversation: name });
    },
    typing(name: string) {
      if (up && following.has(name)) send({ type: "typing", conversation: name });
    },
    /** Asks for this person's badge and bell numbers again (after their own action); false when down. */
    counts(): boolean {
      if (!up) return false;
      send({ type: "counts" });
      return true;
    },
    get status(): LiveStatus {
      return up ? "up" : socket ? "connecting" : "down";
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
