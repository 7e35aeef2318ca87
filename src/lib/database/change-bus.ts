import postgres from "postgres";
import type { Logger } from "../logger";
import { recordNotifyLag } from "../metrics";
import { CHANGE_KEYS_CHANNEL, parseChangeNotice, parseKeys } from "../poll-memory/keys";
import { type Database, onDatabaseClose, onDatabaseNotice } from "./client";

/**
 * The one change bus of a process: every committed write that matters to something kept in
 * memory (poll answers, the top clubs, rendered pages, the watched-words list, and the live
 * connection) NOTIFYs the change keys it touched on one channel, `clubnica_keys`
 * (`notify_change_keys`, migrations 0025 and 0037; the keys are named in poll-memory/keys.ts).
 * One LISTEN connection per database pool hears them and hands them to every follower.
 *
 * Sent at commit, so a follower never re-reads before the change is visible. The writing process
 * also hears its own keys at once, as a NOTICE on the writing statement, so its next request
 * reads its own write. The LISTEN runs on a connection of its own, so its loss is seen at once:
 * followers are told (`lost`), and told again when it is back (`resumed`), since NOTIFYs sent
 * meanwhile are gone and anything may have changed.
 */
type ChangeFollower = {
  /**
   * Keys a write touched: committed (a NOTIFY), or, without `committing`, about to be. `tx` is
   * the writing transaction's id, when the message names it.
   */
  changed(keys: string[], tx?: string): void;
  /**
   * Keys a write of this process touched, heard as a NOTICE before it commits; its NOTIFY comes
   * as `changed` with the same `tx`, most often after it but not always (two connections).
   * Without this, the NOTICE is handed to `changed` too.
   */
  committing?(keys: string[], tx?: string): void;
  /** The LISTEN connection closed: changes may go unheard until `resumed`. */
  lost?(): void;
  /** Listening (the first time, or again after `lost`): anything may have changed meanwhile. */
  resumed?(): void;
};

export type ChangeBus = {
  /** Adds a follower; returns a function that removes it. */
  follow(follower: ChangeFollower): () => void;
};

// One bus per pool: the app, its features and a test's several apps on one pool share it.
const buses = new WeakMap<Database, ChangeBus>();

/** The pool's change bus; it starts listening when the first follower arrives. */
export function changeBusOf(db: Database, logger: Logger): ChangeBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = createChangeBus(db, logger);
    buses.set(db, bus);
  }
  return bus;
}

/** Follows the keys in `keys` only: `onChange` runs when one of them changed, or may have. */
export function followKeys(bus: ChangeBus, keys: readonly string[], onChange: () => void): () => void {
  const wanted = new Set(keys);
  return bus.follow({
    changed: (changed) => {
      if (changed.some((key) => wanted.has(key))) onChange();
    },
    lost: onChange,
    resumed: onChange,
  });
}

function createChangeBus(db: Database, logger: Logger): ChangeBus {
  const sql = db.$client;
  const followers = new Set<ChangeFollower>();
  let started = false;
  let listening = false;
  let stopped = false;
  let subscribing = false;
  let listener: postgres.Sql | null = null;

  const tell = (each: (follower: ChangeFollower) => void) => {
    for (const follower of followers) {
      try {
        each(follower);
      } catch (error) {
        logger.error({ err: error }, "a change follower failed");
      }
    }
  };

  async function subscribe() {
    if (subscribing || !listener) return;
    subscribing = true;
    try {
      while (!stopped) {
        try {
          await listener.unsafe(`listen "${CHANGE_KEYS_CHANNEL}"`);
          listening = true;
          tell((follower) => follower.resumed?.());
          return;
        } catch (error) {
          if (stopped) return;
          logger.warn({ err: error }, "cannot listen for changes yet; retrying");
          await Bun.sleep(1000);
        }
      }
    } finally {
      subscribing = false;
    }
  }

  function start() {
    started = true;
    const unhear = onDatabaseNotice(sql, (message) => {
      if (message.startsWith(`${CHANGE_KEYS_CHANNEL} `)) {
        const { keys, tx } = parseKeys(message.split(" ").slice(1));
        tell((follower) =>
          follower.committing ? follower.committing(keys, tx) : follower.changed(keys, tx),
        );
      }
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
        const { keys, tx, sentAtMs } = parseChangeNotice(payload);
        if (Number.isFinite(sentAtMs)) recordNotifyLag(Math.max(0, Date.now() - sentAtMs) / 1000);
        tell((follower) => follower.changed(keys, tx));
      },
      onclose: () => {
        listening = false;
        tell((follower) => follower.lost?.());
        if (!stopped) void subscribe();
      },
    };
    listener = postgres(options as unknown as postgres.Options<Record<string, never>>);
    onDatabaseClose(sql, async () => {
      stopped = true;
      listening = false;
      unhear();
      tell((follower) => follower.lost?.());
      await listener?.end({ timeout: 1 });
    });
    void subscribe();
  }

  return {
    follow(follower) {
      followers.add(follower);
      if (!started) start();
      // A late follower knows nothing yet, so it has missed nothing.
      else if (listening) follower.resumed?.();
      else follower.lost?.();
      return () => followers.delete(follower);
    },
  };
}
