import { afterAll, beforeAll, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { EVENT_MAIL_QUEUE, queueEventMails } from "./mail-jobs";

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
  let state = "";
  let retries = -1;
  for (let i = 0; i < 40 && state !== "completed"; i++) {
    await Bun.sleep(250);
    const [job] = await t.sql<{ state: string; retry_count: number }[]>`
      select state, retry_count from pgboss.job where name = ${EVENT_MAIL_QUEUE}`;
    state = job?.state ?? "";
    retries = job?.retry_count ?? -1;
  }
  expect(state).toBe("completed");
  expect(retries).toBe(0);
});
