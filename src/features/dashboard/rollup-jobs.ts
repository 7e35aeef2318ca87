import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import {
  selectLastClosedDay,
  selectNextChatDay,
  selectNextViewDay,
  upsertChatDays,
  upsertSiteViewDays,
} from "./rollup-queries";

const DASHBOARD_ROLLUP_QUEUE = "dashboard-rollup";
/** Days per statement: about a month of messages at a time, however far behind the rollup is. */
const ROLLUP_BATCH_DAYS = 31;

const DAY_MS = 86_400_000;
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * Rolls one table forward from its next unrolled day to `last`, a batch of days per statement.
 * Each batch is found again from the table, so a run that stops (or another run that got there
 * first) is simply continued. Returns the days rolled.
 */
async function rollForward(
  next: () => Promise<string | null>,
  upsert: (from: string, to: string) => Promise<void>,
  last: string,
  signal?: AbortSignal,
) {
  let days = 0;
  for (;;) {
    signal?.throwIfAborted();
    const from = await next();
    if (from === null || from > last) return days;
    const to = earlier(shiftDay(from, ROLLUP_BATCH_DAYS - 1), last);
    await upsert(from, to);
    days += Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  }
}

/**
 * Rolls every closed day not rolled yet into chat_message_days and site_view_days. `through`
 * stops earlier (tests roll part of the days); it never goes past yesterday in Managua.
 */
export async function rollUpClosedDays(
  db: Executor,
  options: { through?: string; signal?: AbortSignal } = {},
) {
  const closed = await selectLastClosedDay(db);
  const last = options.through ? earlier(options.through, closed) : closed;
  const chatDays = await rollForward(
    () => selectNextChatDay(db),
    (from, to) => upsertChatDays(db, from, to),
    last,
    options.signal,
  );
  const viewDays = await rollForward(
    () => selectNextViewDay(db),
    (from, to) => upsertSiteViewDays(db, from, to),
    last,
    options.signal,
  );
  return { chatDays, viewDays };
}

/**
 * Hourly, and once at start-up (a replica that was down, or a fresh deployment, catches up at
 * once). "stately": at most one run waiting and one running across the replicas; two runs at
 * once would still be harmless (the upserts set, never add).
 */
export async function workDashboardRollups(deps: AppDeps) {
  await deps.jobs.declare(DASHBOARD_ROLLUP_QUEUE, {
    policy: "stately",
    retryLimit: 3,
    retryDelay: 60,
    expireInSeconds: 600,
  });
  await deps.jobs.work(DASHBOARD_ROLLUP_QUEUE, async (_job, { signal }) => {
    const rolled = await rollUpClosedDays(deps.db, { signal });
    if (rolled.chatDays + rolled.viewDays > 0) deps.logger.info(rolled, "dashboard days rolled up");
  });
  await deps.jobs.schedule(DASHBOARD_ROLLUP_QUEUE, "17 * * * *");
  await deps.jobs.send(DASHBOARD_ROLLUP_QUEUE, {});
}
