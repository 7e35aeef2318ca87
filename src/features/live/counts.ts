import type { Database } from "../../lib/database/client";
import type { Logger } from "../../lib/logger";
import { changeKeys } from "../../lib/poll-memory/keys";
import { runWithLocale } from "../../platform/locale/request-locale";
import { readNotificationCount } from "../badge-count";
import { listNotices, readNoticeCounts } from "../notices";
import { createClubLists } from "./club-lists";
import { type Heard, hearNothing } from "./heard";
import type { LivePerson, Registry } from "./registry";
import { sendFrame } from "./send";

/** At most one sweep of everyone's numbers per this many milliseconds while changes arrive. */
const SWEEP_EVERY_MS = 500;
/**
 * A person whose numbers had to be read from the database is read again at most this often
 * while changes keep coming: the 10-second poll the socket replaces came no more often. Without
 * it, every member of a busy club chat cost two statements per message, and 10,000 sockets in
 * busy chats kept the sweep and most of the pool busy (docs/capacity.md). The first change after
 * a quiet spell still goes out within SWEEP_EVERY_MS.
 */
const PERSON_EVERY_MS = 10_000;
/**
 * After the person's own action (a `counts` frame: they answered a request, read a chat), their
 * changes go out at the next sweep for this long, however lately they were read: the poll the
 * socket replaces was re-read at once after such an action (client/lib/shared-data.ts).
 */
const ASKED_FOR_MS = 2_000;
/** People whose numbers are read at once during a sweep: under half the pool (10), so requests keep the rest. */
const SWEEP_CONCURRENCY = 4;

type CountDeps = {
  db: Database;
  logger: Logger;
  registry: Registry;
  /** The clock (a test moves it instead of waiting). */
  now?: () => number;
};

/**
 * The badge (`GET /api/notifications`) and the bell (`GET /api/notifications/notices/count`)
 * sent to every signed-in socket when they change, in place of their 10-second polls.
 *
 * The numbers are kept in the hub's own person record (registry.ts), not in the poll memory:
 * each person has a `stale` flag, set by the change keys that can move their numbers (their own
 * `p`, `a`, `n`; `c` of a club they belong to, own or help run; `r` for an admin), and read again
 * from the database only then. A flag cleared before the read starts is safe for the same
 * reason the poll memory's versions are: a change that commits after the read's snapshot is
 * heard after the read began, and sets the flag again.
 *
 * A club chat the person follows live is left out of the badge's statement while the delivery
 * keeps it read (Following.settled; until then, its message keys are left to the delivery, which
 * touches the person when its run is done): every message to it is marked read as it is sent, so its
 * unread count is none by the time the delivery is done. Then neither the chat's new messages
 * (`c` keys marked `m`) nor the read marks the delivery moves (marked `L`) need a re-read, which
 * at 10,000 sockets in busy chats was two statements per person every 10 s. Anything else (a
 * direct message, a notice, a request, a read mark moved by a poll) still sets the flag.
 */
export function createCounts(deps: CountDeps) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The sweep running now, if any (a second one waits for its turn: `dirty`). */
  let current: Promise<void> | null = null;
  let dirty = false;
  let heard = hearNothing();
  let reads = 0;
  const clubLists = createClubLists();

  const now = deps.now ?? Date.now;

  /** Keys from the change bus (one notice's worth: markers apply to the keys beside them). */
  function changed(keys: readonly string[]) {
    const liveMarks = keys.includes(changeKeys.liveReadMarks);
    const chat = keys.includes(changeKeys.chatMessage);
    let touched = false;
    for (const key of keys) {
      const kind = key[0];
      if (kind === "a" || kind === "n" || (kind === "p" && !liveMarks)) {
        heard.people.add(Number(key.slice(1)));
        touched = true;
      } else if (kind === "c") {
        (chat ? heard.chatClubs : heard.clubs).add(Number(key.slice(1)));
        touched = true;
      } else if (kind === "r" && key.length === 1) {
        heard.requests = true;
        touched = true;
      } else if (kind === "R" && liveMarks) {
        touched = liveMarkMoved(key) || touched;
      }
    }
    if (touched) schedule();
  }

  /**
   * `R<user>:<conversation>` moved by a live delivery: nothing for the badge when it is a club
   * chat the person follows settled here (left out of the statement) or an Avisos channel (never
   * counted); otherwise (another replica's delivery, a chat not settled here) they are read again.
   */
  function liveMarkMoved(key: string): boolean {
    const colon = key.indexOf(":");
    const userId = Number(key.slice(1, colon));
    const person = deps.registry.people.get(userId);
    if (!person) return false;
    const conversation = key.slice(colon + 1);
    if (conversation.startsWith("announcements:")) return false;
    if (conversation.startsWith("club:") && deps.registry.settledIn(person, Number(conversation.slice(5))))
      return false;
    heard.people.add(userId);
    return true;
  }

  /** Whether what was heard may have moved the person's numbers. */
  function touches(person: LivePerson, seen: Heard): boolean {
    if (seen.everyone || person.reading || seen.people.has(person.id)) return true;
    if (seen.requests && person.sockets[0]?.user?.role === "admin") return true;
    for (const clubId of person.clubs) {
      if (seen.clubs.has(clubId)) return true;
      // A chat message: nothing for a chat settled here; for a chat followed here but not settled,
      // the delivery it starts touches the person once it is done (deliver.ts), so the read
      // comes after the message was sent and marked read, not before and again after.
      if (seen.chatClubs.has(clubId) && !deps.registry.followsClub(person, clubId)) return true;
    }
    return false;
  }

  /** Each person's read in flight (only while one is): the next read of them waits for it. */
  const inFlight = new Map<LivePerson, Promise<boolean>>();

  /**
   * Sends changed numbers; false when they would cost statements too soon after the last read.
   * Never two reads of one person at once: the one that started first could finish last and send
   * older numbers over newer ones, so a read waits for the one in flight and then starts afresh.
   */
  function refresh(person: LivePerson, throttled: boolean): Promise<boolean> {
    const before = inFlight.get(person);
    const run = before
      ? before.then(
          () => read(person, throttled),
          () => read(person, throttled),
        )
      : read(person, throttled);
    inFlight.set(person, run);
    const done = () => {
      if (inFlight.get(person) === run) inFlight.delete(person);
    };
    run.then(done, done);
    return run;
  }

  async function read(person: LivePerson, throttled: boolean): Promise<boolean> {
    const socket = person.sockets[0];
    const user = socket?.user;
    if (!socket || !user) return true;
    // A sweep's read makes the person "read lately"; the sign-in's own read does not, so the
    // first change after signing in goes out at once.
    if (throttled) {
      const asked = now() - person.askedAt < ASKED_FOR_MS;
      if (!asked && now() - person.readAt < PERSON_EVERY_MS) return false;
      person.readAt = now();
    }
    person.stale = false;
    person.reading = true;
    reads += 1;
    try {
      await runWithLocale(socket.locale, async () => {
        const settledClubIds = deps.registry.settledClubs(person);
        const badge = await readNotificationCount({ db: deps.db, user, settledClubIds });
        const bell = await readNoticeCounts({ db: deps.db, user });
        person.clubs = clubLists.of(badge.clubIds, bell.clubIds);
        if (badge.total !== person.badge) {
          person.badge = badge.total;
          for (const each of person.sockets) sendFrame(each, { type: "badge", count: badge.total });
        }
        const counts = bell.counts;
        if (
          counts.unread !== person.unread ||
          counts.join_requests !== person.joinRequests ||
          counts.connection_notices !== person.connectionNotices
        ) {
          const gained = person.unread >= 0 && counts.unread > person.unread;
          const notice = gained ? ((await listNotices({ db: deps.db, user, limit: 1 }))[0] ?? null) : null;
          person.unread = counts.unread;
          person.joinRequests = counts.join_requests;
          person.connectionNotices = counts.connection_notices;
          for (const each of person.sockets) sendFrame(each, { type: "notice", counts, notice });
        }
      });
    } catch (error) {
      person.stale = true;
      throw error;
    } finally {
      person.reading = false;
    }
    return true;
  }

  function sweep(): Promise<void> {
    timer = null;
    if (current) {
      dirty = true;
      return current;
    }
    current = sweepOnce().finally(() => {
      current = null;
    });
    return current;
  }

  async function sweepOnce() {
    dirty = false;
    let deferred = false;
    const seen = heard;
    heard = hearNothing();
    try {
      const queue: LivePerson[] = [];
      for (const person of deps.registry.people.values()) {
        if (!person.stale && touches(person, seen)) person.stale = true;
        if (person.stale) queue.push(person);
      }
      let next = 0;
      const workers = Array.from({ length: SWEEP_CONCURRENCY }, async () => {
        while (next < queue.length) {
          const person = queue[next++]!;
          const done = await refresh(person, true).catch((error) => {
            deps.logger.warn({ err: error }, "live numbers not read; the next sweep tries again");
            deferred = true;
            return true;
          });
          if (!done) deferred = true;
        }
      });
      await Promise.all(workers);
    } finally {
      // Someone was left for later: look again, until their turn comes.
      if (dirty || deferred) schedule();
    }
  }

  function schedule() {
    if (!timer) timer = setTimeout(() => void sweep(), SWEEP_EVERY_MS);
  }

  return {
    /** Keys heard on the change bus: look at the numbers they may have moved, soon. */
    changed,
    /** Back after a lost LISTEN: anyone's numbers may have moved. */
    changedAll() {
      heard.everyone = true;
      schedule();
    },
    /** The person's numbers may have moved (a chat became settled or stopped being so). */
    touch(userId: number) {
      heard.people.add(userId);
      schedule();
    },
    /** The person asked (after their own action): read them at the next sweep, and soon after. */
    asked(person: LivePerson) {
      person.askedAt = now();
      heard.people.add(person.id);
      schedule();
    },
    /**
     * Looks at everyone's numbers now (what the timer does), after any sweep already running
     * (which may have taken the changes heard so far without reading them yet); resolves when done.
     */
    async sweepNow() {
      while (current) await current;
      await sweep();
    },
    /** A socket just signed in: send it the numbers at once. */
    async sendCurrent(person: LivePerson) {
      person.badge = -1;
      person.unread = -1;
      person.joinRequests = -1;
      person.connectionNotices = -1;
      await refresh(person, false);
    },
    /** Reads of someone's numbers so far (tests, benches: what the settled chats spare). */
    reads: () => reads,
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
