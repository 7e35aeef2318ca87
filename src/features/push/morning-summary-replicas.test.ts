import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { type SecondInstance, startSecondInstance } from "../../../test/second-instance";
import { waitUntil } from "../../../test/wait";
import { decryptPush } from "./browser-keys.fixtures";
import { MORNING_QUEUE } from "./morning-summary";
import { subscribeBrowser } from "./push.fixtures";
import { makeTestCa, type PushService, startPushService } from "./push-service.fixtures";
import { queuePush } from "./queue-push.fixtures";
import { sendMorningSummary } from "./send-morning-summary";

/** The queue's name as pg-boss stores it (push-jobs.ts), spelled out: a rename would strand waiting jobs. */
const PUSH_QUEUE = "push-send";

setDefaultTimeout(90_000);

/**
 * Quiet hours with two replicas (issue 33): pushes held for one person by both instances in
 * the same night become ONE morning summary, and two instances summarizing at the same moment
 * still send one (the held rows are claimed with DELETE … RETURNING).
 */
let t: TestApp;
let second: SecondInstance;
let service: PushService;
beforeAll(async () => {
  const tls = await makeTestCa();
  service = await startPushService(tls);
  t = await setupTestApp({ PUSH_ENDPOINT_ALLOWLIST: "127.0.0.1" }, { jobs: true, mail: true });
  t.deps.config.PUSH_CA_FILE = tls.caFile;
  second = await startSecondInstance(t);
}, 90_000);
afterAll(async () => {
  await second?.close();
  await t.close();
  service.stop();
});

// 21:30 in Managua (UTC-6, 03:30 UTC) on a night still to come: inside the default quiet
// hours, which end at 07:00, so the morning job is not due while the test runs. (A fixed past
// date made the queue's own worker run the summary between two holds, splitting the night.)
const NIGHT = new Date(
  Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 2, 3, 30),
);
const notice = (title: string) => ({ title, body: "b", path: "/clubs/1", tag: title, kind: "post" });

/** Every job of `queue` about this person's pushes or summary has finished. */
async function settled(queue: string, field: string, value: string) {
  const rows = await t.sql<{ state: string }[]>`
    select state from pgboss.job where name = ${queue} and data->>${field} = ${value}`;
  return rows.length > 0 && rows.every((row) => row.state === "completed");
}

test("pushes held by two replicas in one night become one summary push in the morning", async () => {
  const u = await createQuickUser(t);
  await t.sql`update users set locale = 'es' where id = ${u.id}`;
  const browser = await subscribeBrowser(t, u, service);
  const [subscription] = await t.sql<
    { id: number }[]
  >`select id from push_subscriptions where user_id = ${u.id}`;

  const outcomes = await Promise.all([
    queuePush(t.deps, u.id, notice("Nuevo evento"), { now: NIGHT }),
    queuePush(second.deps, u.id, notice("Nueva publicación"), { now: NIGHT }),
    queuePush(t.deps, u.id, notice("Evento movido"), { now: NIGHT }),
    queuePush(second.deps, u.id, notice("Nuevo comentario"), { now: NIGHT }),
  ]);
  expect(outcomes).toEqual(["held", "held", "held", "held"]);
  // One summary job for the night, whichever replica held which push.
  const jobs = await t.sql<{ id: string }[]>`
    select id from pgboss.job where name = ${MORNING_QUEUE} and data->>'userId' = ${String(u.id)}`;
  expect(jobs).toHaveLength(1);

  // Morning: the job is made due; either replica may fetch it.
  await t.sql`update pgboss.job set start_after = now() where id = ${jobs[0]!.id}`;
  const push = await service.next(30_000);
  expect(push.path).toBe(browser.path);
  expect(JSON.parse(decryptPush(browser.keys, push.body))).toMatchObject({
    title: "4 notificaciones mientras descansabas",
    tag: "morning-summary",
  });
  await waitUntil("the summary job finished", () => settled(MORNING_QUEUE, "userId", String(u.id)));
  await waitUntil("its push job finished", () =>
    settled(PUSH_QUEUE, "subscriptionId", String(subscription!.id)),
  );
  expect(service.received.filter((p) => p.path === browser.path)).toHaveLength(1);
  expect(await t.sql`select 1 from held_pushes where user_id = ${u.id}`).toHaveLength(0);
});

test("two replicas summarizing the same person at once send one summary", async () => {
  const u = await createQuickUser(t);
  const browser = await subscribeBrowser(t, u, service);
  const [subscription] = await t.sql<
    { id: number }[]
  >`select id from push_subscriptions where user_id = ${u.id}`;
  for (const title of ["One", "Two"]) await queuePush(second.deps, u.id, notice(title), { now: NIGHT });
  // The interleaving that split the night, forced: a replica is holding "Three" (its transaction
  // has taken the person's held-pushes lock and written the row, not yet committed) while both
  // replicas start the summary. Claiming beside it sent "One\nTwo" and left "Three" behind.
  const holding = await t.sql.reserve();
  await holding`begin`;
  await holding`select pg_advisory_xact_lock(7301, ${u.id})`;
  await holding`insert into held_pushes (user_id, title, body, path, kind, held_at)
    values (${u.id}, 'Three', 'b', '/clubs/1', 'post', ${NIGHT.toISOString()})`;
  const summaries = Promise.all([
    sendMorningSummary(t.deps, { userId: u.id }),
    sendMorningSummary(second.deps, { userId: u.id }),
  ]);
  let finished = false;
  summaries.then(() => {
    finished = true;
  });
  // Both claims are waiting for the hold (or, without the lock, have already claimed).
  await waitUntil("both summaries wait for the hold or are done", async () => {
    if (finished) return true;
    const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from pg_locks
      where locktype = 'advisory' and classid = 7301 and objid = ${u.id} and not granted`;
    return row!.n >= 2;
  });
  await holding`commit`;
  holding.release();
  await summaries;
  const push = await service.next(30_000);
  expect(push.path).toBe(browser.path);
  expect(JSON.parse(decryptPush(browser.keys, push.body)).body).toBe("One\nTwo\nThree");
  await waitUntil("its push job finished", () =>
    settled(PUSH_QUEUE, "subscriptionId", String(subscription!.id)),
  );
  expect(service.received.filter((p) => p.path === browser.path)).toHaveLength(1);
});
