import postgres from "postgres";
import type { Logger } from "../logger";
import { CHANGE_KEYS_CHANNEL, parseChangeNotice } from "../poll-memory/keys";
import type { PollMemory } from "../poll-memory/poll-memory";
import { type Database, onDatabaseClose, onDatabaseNotice } from "./client";

/**
 * Cross-replica cache invalidation over PostgreSQL LISTEN/NOTIFY. Triggers (migration
 * 0008_cache_change_notices) send `pg_notify('clubnica_changes', <topic>)` when the data behind a
 * cache changes; every process listens and drops what it cached for that topic. The notice is
 * sent at commit, so a replica never reloads before the change is visible.
 *
 * postgres.js keeps the LISTEN on its own connection and subscribes again after a reconnect;
 * notices sent while it was down are lost, so `onChange` also runs on every (re)subscription.
 */
export const CHANGES_CHANNEL = "clubnica_changes";

/**
 * Starts listening (in the background: the app does not wait for it, and a database that is
 * down at start-up is retried every second). Returns a function that stops listening.
 */
export function watchChanges({
  db,
  topic,
  onChange,
  logger,
}: {
  db: Database;
  topic: string;
  onChange: () => void;
  logger: Logger;
}): () => Promise<void> {
  const sql = db.$client;
  let stopped = false;
  let unlisten: (() => Promise<void>) | null = null;
  const subscribe = async () => {
    while (!stopped) {
      try {
        const listening = await sql.listen(
          CHANGES_CHANNEL,
          (payload) => {
            if (payload === topic) onChange();
          },
          () => onChange(),
        );
        unlisten = listening.unlisten;
        return;
      } catch (error) {
        // The pool was closed (shutdown, end of a test): nothing left to listen to.
        if ((error as { code?: string }).code === "CONNECTION_ENDED") return;
        logger.warn({ err: error, topic }, "cannot listen for changes yet; retrying");
        await Bun.sleep(1000);
      }
    }
  };
  void subscribe();
  return async () => {
    stopped = true;
    await unlisten?.().catch(() => {});
  };
}

/**
 * Keeps a process's poll memory current (src/lib/poll-memory): every NOTIFY on
 * `clubnica_keys` names the change keys a committed write touched, and the memos that read them
 * stop being served. The LISTEN runs on a connection of its own, so its loss is seen at once:
 * the memory serves nothing from the moment it closes, and is reset (everything from before
 * forgotten, since NOTIFYs sent meanwhile are lost) when the LISTEN is back. The connection
 * ends with the pool (`close()` of connectDatabase).
 */
export function followChangeKeys({
  db,
  memory,
  logger,
  onLag,
}: {
  db: Database;
  memory: Pick<PollMemory, "changed" | "reset" | "distrust">;
  logger: Logger;
  /** Seconds from the writing statement to this process hearing of it. */
  onLag: (seconds: number) => void;
}): void {
  const sql = db.$client;
  let stopped = false;
  // The writing process hears its own keys at once (a NOTICE): its next request sees its write.
  const unhear = onDatabaseNotice(sql, (message) => {
    if (message.startsWith(`${CHANGE_KEYS_CHANNEL} `)) memory.changed(message.split(" ").slice(1));
  });
  // The pool's own settings (address, credentials, TLS), as postgres.js builds its LISTEN
  // connection; `onnotify` is the option its own listen() uses, missing from its types.
  const options = {
    ...sql.options,
    max: 1,
    idle_timeout: null,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    onnotify: (channel: string, payload: string) => {
      if (channel !== CHANGE_KEYS_CHANNEL) return;
      const { keys, sentAtMs } = parseChangeNotice(payload);
      memory.changed(keys);
      if (Number.isFinite(sentAtMs)) onLag(Math.max(0, Date.now() - sentAtMs) / 1000);
    },
    onclose: () => {
      memory.distrust();
      if (!stopped) void subscribe();
    },
  };
  const listener = postgres(options as unknown as postgres.Options<Record<string, never>>);
  let subscribing = false;
  async function subscribe() {
    if (subscribing) return;
    subscribing = true;
    try {
      while (!stopped) {
        try {
          await listener.unsafe(`listen "${CHANGE_KEYS_CHANNEL}"`);
          memory.reset();
          return;
        } catch (error) {
          if (stopped) return;
          logger.warn({ err: error }, "cannot listen for change keys yet; retrying");
          await Bun.sleep(1000);
        }
      }
    } finally {
      subscribing = false;
    }
  }
  onDatabaseClose(sql, async () => {
    stopped = true;
    unhear();
    memory.distrust();
    await listener.end({ timeout: 1 });
  });
  void subscribe();
}
