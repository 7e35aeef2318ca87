import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createTestDatabase } from "../../test/app-process";
import { type MailCapture, startMailCapture } from "../../test/mail-capture";
import { type JobQueue, startJobQueue } from "./jobs/queue";
import { withJobTables } from "./jobs/queue.fixtures";
import { createLogger } from "./logger";
import { withMailRetries } from "./mail-retry";
import { openMail, sealMail } from "./mail-seal";
import { createMailer } from "./mailer";
import { renderMetrics } from "./metrics";

setDefaultTimeout(60_000);

const logger = createLogger("silent");
const SECRET = "mail-retry-test-secret-that-is-long-enough";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let jobs: JobQueue;
let capture: MailCapture | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await startJobQueue({ databaseUrl: database.url, logger, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await jobs?.stop(1000);
  await capture?.close();
  await database?.drop();
});

function counter(text: string, name: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(" ")[1]) : Number.NaN;
}

describe("mail retries", () => {
  test("a mail that fails while the SMTP server is down is queued, not an error, and arrives once it is back", async () => {
    // A real SMTP server, stopped: its port refuses connections until it starts again.
    const first = await startMailCapture();
    const port = first.port;
    await first.close();
    const smtp = createMailer({
      smtpUrl: `smtp://test:test@127.0.0.1:${port}`,
      from: "ClubNica <a@b.c>",
      logger,
    });
    const mailer = withMailRetries({ mailer: smtp, jobs, secret: SECRET, logger, retryDelaySeconds: 1 });
    await mailer.start();
    const before = await renderMetrics();

    const mail = { to: "ana@example.com", subject: "Your code", text: "code 123456", html: "<p>123456</p>" };
    await mailer.send(mail); // resolves: queued for retry
    const queued = await withJobTables(database.url, (tables) => tables.findJobs("mail-retry"));
    expect(queued.length).toBe(1);
    // The code is not readable in the job table.
    expect(JSON.stringify(queued[0]?.data)).not.toContain("123456");

    capture = await startMailCapture({ port });
    const delivered = await capture.waitFor((m) => m.to.includes("ana@example.com"), 30_000);
    expect(delivered.text).toContain("123456");
    smtp.close();

    // The SMTP server has the mail a moment before the sender hears back from it.
    let after = await renderMetrics();
    for (
      let i = 0;
      i < 50 && counter(after, "clubnica_mail_sent_total") === counter(before, "clubnica_mail_sent_total");
      i++
    ) {
      await Bun.sleep(100);
      after = await renderMetrics();
    }
    expect(counter(after, "clubnica_mail_failed_total")).toBeGreaterThan(
      counter(before, "clubnica_mail_failed_total"),
    );
    expect(counter(after, "clubnica_mail_sent_total")).toBe(counter(before, "clubnica_mail_sent_total") + 1);
  });

  test("a sealed mail opens only with the same secret and untampered", () => {
    const mail = { to: "a@b.c", subject: "s", text: "t 654321", html: "<b>h</b>" };
    const sealed = sealMail(mail, SECRET);
    expect(openMail(sealed, SECRET)).toEqual(mail);
    expect(() => openMail(sealed, `${SECRET}x`)).toThrow();
    const body = Buffer.from(sealed.body, "base64");
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => openMail({ ...sealed, body: body.toString("base64") }, SECRET)).toThrow();
  });
});
