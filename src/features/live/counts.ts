import type { Database } from "../../lib/database/client";
import type { Logger } from "../../lib/logger";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import { runWithLocale } from "../../platform/locale/request-locale";
import { getNoticeCounts, listNotices } from "../notices/service";
import { getNotificationCount } from "../notifications/service";
import type { LivePerson, Registry } from "./registry";
import { sendFrame } from "./send";

/** At most one sweep of everyone's numbers per this many milliseconds while changes arrive. */
const SWEEP_EVERY_MS = 500;
/** People whose numbers are read at once during a sweep. */
const SWEEP_CONCURRENCY = 8;

type CountDeps = { db: Database; memory: PollMemory; logger: Logger; registry: Registry };

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

  async function refresh(person: LivePerson): Promise<void> {
    const socket = person.sockets.values().next().value;
    const user = socket?.user;
    if (!socket || !user) return;
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
  }

  async function sweep() {
    timer = null;
    if (sweeping) {
      dirty = true;
      return;
    }
    sweeping = true;
    dirty = false;
    try {
      const queue = [...deps.registry.people.values()];
      const workers = Array.from({ length: SWEEP_CONCURRENCY }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          await refresh(next).catch((error) =>
            deps.logger.warn({ err: error }, "live numbers not read; the next change tries again"),
          );
        }
      });
      await Promise.all(workers);
    } finally {
      sweeping = false;
      if (dirty) schedule();
    }
  }

  function schedule() {
    if (!timer) timer = setTimeout(() => void sweep(), SWEEP_EVERY_MS);
  }

  return {
    /** Something changed: look at everyone's numbers soon. */
    changed: schedule,
    /** A socket just signed in: send it the numbers at once. */
    async sendCurrent(person: LivePerson) {
      person.badge = null;
      person.bell = null;
      await refresh(person);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
