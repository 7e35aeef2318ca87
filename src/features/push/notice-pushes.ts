import { isLocale } from "../../../common/messages";
import type { Locale } from "../../../common/messages/locales";
import type { AppDeps } from "../../deps";
import { inLocale } from "../../platform/locale/request-locale";
import { type CreatedNotice, onNoticeCreated } from "../notices/emitter";
import { findListedNotices, type ListedNotice } from "../notices/listed";
import { noticeImage, noticePath, renderNoticeText } from "../notices/render";
import { DEFAULT_PUSH_ICON } from "./push-jobs";
import { selectRecipientLocales } from "./queries";
import { queuePushToMany } from "./queue-push";

export const NOTICE_PUSH_QUEUE = "notice-push";

/** How long notices gather before one job pushes them all. */
const BATCH_WINDOW_MS = 200;

/**
 * Request decisions have their own push (request-decision.ts, sent after the decision commits);
 * every other notice kind is pushed from here.
 */
const PUSHED_ELSEWHERE = new Set(["request_accepted", "request_declined"]);

/** A job names the notices it pushes; (user, kind) must match on read, or the id is not ours. */
export type NoticePushJob = { notices: { id: number; userId: number; kind: string }[] };

type Deps = Pick<AppDeps, "db" | "jobs" | "logger">;

/**
 * Every new notice (a post in my club, a message while I am away, an event moved…) becomes a
 * push, through the queue: the notice may still be inside its caller's transaction when the
 * listener hears it, so the job reads it back once committed (and retries while it is not yet
 * visible). Muted clubs, per-kind switches and quiet hours are applied by queuePushToMany.
 */
export async function workNoticePushes(deps: Deps): Promise<void> {
  await deps.jobs.declare(NOTICE_PUSH_QUEUE, { retryLimit: 5, retryDelay: 1, retryBackoff: true });
  await deps.jobs.work<NoticePushJob>(NOTICE_PUSH_QUEUE, async (job) => {
    await pushNotices(deps, job.notices);
  });
  // One job per short window, not one per notice: a chat message is the hottest write there is,
  // and each would otherwise add a job insert to its request.
  let pending: NoticePushJob["notices"] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = async () => {
    timer = null;
    const refs = pending;
    pending = [];
    for (let i = 0; i < refs.length; i += 1000) {
      await deps.jobs.send(NOTICE_PUSH_QUEUE, { notices: refs.slice(i, i + 1000) } satisfies NoticePushJob);
    }
  };
  const off = onNoticeCreated((created) => {
    for (const n of created) if (!n.muted && !PUSHED_ELSEWHERE.has(n.kind)) pending.push(toRef(n));
    if (pending.length === 0 || timer) return;
    timer = setTimeout(() => {
      flush().catch((error) => {
        // This process's queue has stopped (shutdown, or a test app closed): stop listening.
        off();
        deps.logger.warn({ err: error }, "queueing notice pushes failed");
      });
    }, BATCH_WINDOW_MS);
  });
}

const toRef = (n: CreatedNotice) => ({ id: n.id, userId: n.userId, kind: n.kind });

/** Pushes the notices that are committed, unread and still the ones named; throws while none are visible yet. */
export async function pushNotices(deps: Deps, refs: NoticePushJob["notices"]): Promise<void> {
  const wanted = new Map(refs.map((r) => [r.id, r]));
  const rows = (await findListedNotices(deps.db, [...wanted.keys()])).filter((row) => {
    const ref = wanted.get(row.id);
    return ref && ref.userId === row.userId && ref.kind === row.kind;
  });
  if (rows.length === 0 && refs.length > 0) throw new Error("notices not visible yet");
  const locales = await selectRecipientLocales(deps.db, [...new Set(rows.map((row) => row.userId))]);
  // One push per distinct content: a club post to 10,000 members is one group per language.
  const groups = new Map<string, { userIds: number[]; row: ListedNotice; locale: Locale | null }>();
  for (const row of rows) {
    if (row.muted || row.readAt) continue;
    const saved = locales.get(row.userId);
    const locale: Locale | null = saved && isLocale(saved) ? saved : null;
    const key = [locale, row.kind, row.clubId, row.postId, row.actorId, row.conversationKey, row.count].join(
      "|",
    );
    const group = groups.get(key) ?? { userIds: [], row, locale };
    group.userIds.push(row.userId);
    groups.set(key, group);
  }
  for (const { userIds, row, locale } of groups.values()) {
    const body = inLocale(locale, () => renderNoticeText(row));
    await queuePushToMany(deps, userIds, {
      title: row.clubName ?? row.actorName ?? "ClubNica",
      body,
      path: noticePath(row),
      // A conversation's pushes replace each other on the phone; other notices stand alone.
      tag: row.conversationKey ?? `${row.kind}-${row.postId ?? row.clubId ?? row.id}`,
      icon: noticeImage(row) ?? DEFAULT_PUSH_ICON,
      kind: row.kind,
      clubId: row.clubId,
    });
  }
}
