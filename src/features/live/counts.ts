import type { Database } from "../../lib/database/client";
import type { Logger } from "../../lib/logger";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import { runWithLocale } from "../../platform/locale/request-locale";
import { getNotificationCount, isNotificationCountRemembered } from "../badge-count";
import { getNoticeCounts, isNoticeCountRemembered, listNotices } from "../notices";
import type { LivePerson, Registry } from "./registry";
import { sendFrame } from "./send";

/** At most one sweep of everyone's numbers per this many milliseconds while changes arrive. */
const SWEEP_EVERY_MS = 500;
/**
 * A person whose numbers had to be read from the database is read again at most this often
 * while changes keep coming: the 10-second poll the socket replaces came no more often. Without
 * it, every member of a busy club chat cost two statements per message (each delivery moves
 * their read mark, which spoils their remembered badge), and 10,000 sockets in busy chats kept
 * the sweep and most of the pool busy (docs/capacity.md). The first change after a quiet spell
 * still goes out within SWEEP_EVERY_MS.
 */
const PERSON_EVERY_MS = 10_000;
/** People whose numbers are read at once during a sweep: under half the pool (10), so requests keep the rest. */
const SWEEP_CONCURRENCY = 4;

type CountDeps = {
  db: Database;
  memory: PollMemory;
  logger: Logger;
  registry: Registry;
  /** The clock (a test moves it instead of waiting). */
  now?: () => number;
};

/**
 * The badge (`GET /api/notifications`) and the bell (`GET /api/notifications/notices/count`)
 * sent to every signed-in socket when they change, in place of their 10-second polls. After a
 * change anywhere, everyone connected here is looked at; for most of them the number comes from
 * the poll memory (it knows which changes touch whose numbers: badge-memory.ts), so only those
 * whose numbers may have moved cost a statement.
 */
export function createCounts(deps: CountDeps) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sweeping = false;
  let dirty = false;

  const now = deps.now ?? Date.now;

  /** Sends changed numbers; false when they would cost statements too soon after the last read. */
  async function refresh(person: LivePerson, throttled: boolean): Promise<boolean> {
    const socket = person.sockets.values().next().value;
    const user = socket?.user;
    if (!socket || !user) return true;
    const remembered =
      isNotificationCountRemembered({ memory: deps.memory, user }) &&
      isNoticeCountRemembered({ memory: deps.memory, user });
    // A sweep's read makes the person "read lately"; the sign-in's own read does not, so the
    // first change after signing in goes out at once.
    if (!remembered && throttled) {
      if (now() - person.readAt < PERSON_EVERY_MS) return false;
      person.readAt = now();
    }
    await runWithLocale(socket.locale, async () => {
      const badge = await getNotificationCount({ db: deps.db, memory: deps.memory, user });
      if (badge !== person.badge) {
        person.badge = badge;
        for (const each of person.sockets) sendFrame(each, { type: "badge", count: badge });
      }
      const counts = await getNoticeCounts({ db: deps.db, user, memory: deps.memory });
      const bell = JSON.stringify(counts);
      if (bell !== person.bell) {
        const gained = person.unread !== null && counts.unread > person.unread;
        const notice = gained ? ((await listNotices({ db: deps.db, user, limit: 1 }))[0] ?? null) : null;
        person.bell = bell;
        person.unread = counts.unread;
        for (const each of person.sockets) sendFrame(each, { type: "notice", counts, notice });
      }
    });
    return true;
  }

  async function sweep() {
    timer = null;
    if (sweeping) {
      dirty = true;
      return;
    }
    sweeping = true;
    dirty = false;
    let deferred = false;
    try {
      const queue = [...deps.registry.people.values()];
      let next = 0;
      const workers = Array.from({ length: SWEEP_CONCURRENCY }, async () => {
        while (next < queue.length) {
          const person = queue[next++]!;
          const done = await refresh(person, true).catch((error) => {
            deps.logger.warn({ err: error }, "live numbers not read; the next change tries again");
            return true;
          });
          if (!done) deferred = true;
        }
      });
      await Promise.all(workers);
    } finally {
      sweeping = false;
      // Someone was left for later: look again, until their turn comes.
      if (dirty || deferred) schedule();
    }
  }

  function schedule() {
    if (!timer) timer = setTimeout(() => void sweep(), SWEEP_EVERY_MS);
  }

  return {
    /** Something changed: look at everyone's numbers soon. */
    changed: schedule,
    /** Looks at everyone's numbers now (what the timer does; resolves when done). */
    sweepNow: sweep,
    /** A socket just signed in: send it the numbers at once. */
    async sendCurrent(person: LivePerson) {
      person.badge = null;
      person.bell = null;
      await refresh(person, false);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
