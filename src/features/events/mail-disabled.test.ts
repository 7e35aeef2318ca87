import { afterAll, beforeAll, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { waitUntil } from "../../../test/wait";
import { queueEventMails } from "./mail-jobs";

/** The queue's name as pg-boss stores it (mail-jobs.ts), spelled out: a rename would strand waiting jobs. */
const EVENT_MAIL_QUEUE = "event-mail";

/**
 * Production without SMTP_URL (mail disabled): event e-mails are dropped at once, not retried
 * five times with backoff against a mail server that does not exist.
 */
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp(
    { NODE_ENV: "production", SMTP_URL: "", PUBLIC_URL: "https://clubnica.test" },
    { jobs: true },
  );
});
afterAll(() => t.close());

test("an event mail queued while mail is disabled completes without a retry", async () => {
  expect(t.deps.mailer.mode).toBe("disabled");
  const user = await t.createUser();
  await t.sql`update users set email = 'estudiante@clubnica.test' where id = ${user.id}`;
  await queueEventMails(t.deps, {
    kind: "cancelled",
    userIds: [user.id],
    event: {
      postId: 1,
      clubId: 1,
      clubName: "Club de Ajedrez",
      title: "Torneo",
      eventDate: new Date().toISOString(),
      eventLocation: null,
    },
  });
  // Done, or failed for good: either ends the wait, and only the first passes.
  const job = await waitUntil(
    "the event-mail job to finish",
    async () => {
      const [row] = await t.sql<{ state: string; retry_count: number }[]>`
        select state, retry_count from pgboss.job where name = ${EVENT_MAIL_QUEUE}`;
      return row && ["completed", "failed", "cancelled"].includes(row.state) ? row : null;
    },
    { timeoutMs: 10_000, everyMs: 100 },
  );
  expect(job.state).toBe("completed");
  expect(job.retry_count).toBe(0);
}, 30_000);
