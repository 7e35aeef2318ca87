import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import postgres from "postgres";
import { createTestDatabase, killAll, startAppProcess, TEST_JWT_SECRET } from "../../../test/app-process";
import { type MailCapture, startMailCapture } from "../../../test/mail-capture";
import { waitUntil } from "../../../test/wait";
import { RESET_MAIL_QUEUE } from "./reset-mail-jobs";

setDefaultTimeout(150_000);

/**
 * The app as its own processes (`bun src/main.ts`), killed with SIGKILL: a reset request that
 * was answered is a committed job, so its mail survives the process and goes out once.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let mail: MailCapture;
let sql: postgres.Sql;
/** The mail after this many delivered ones is held unanswered (its sender is killed). */
let holdAfter = Number.POSITIVE_INFINITY;

beforeAll(async () => {
  database = await createTestDatabase();
  mail = await startMailCapture({
    hold: () => mail.messages.length > holdAfter && mail.held.length === 0,
  });
  sql = postgres(database.url, { max: 2, onnotice: () => {} });
});
afterAll(async () => {
  await killAll();
  await sql?.end();
  await mail?.close();
  await database?.drop();
});

const env = (workers: "on" | "off") => ({
  NODE_ENV: "test",
  DATABASE_URL: database.url,
  JWT_SECRET: TEST_JWT_SECRET,
  SMTP_URL: mail.url,
  DEFAULT_LOCALE: "en",
  DIGEST_CRON: "off",
  JOB_WORKERS: workers,
});

async function person(username: string) {
  const email = `${username}@example.com`;
  await sql`insert into users (username, password_hash, email, email_verified, first_name)
    values (${username}, 'x', ${email}, true, 'Ernesto')`;
  return { username, email };
}

const requestReset = (url: string, identifier: string) =>
  fetch(`${url}/auth/password-reset/request`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username_or_email: identifier }),
  });

const mailsTo = (email: string) => mail.messages.filter((m) => m.to.includes(email));
const codeIn = (text: string) => /^\s{4}(\d{6})$/m.exec(text)?.[1] ?? "";

async function resetJobs() {
  return await sql<{ state: string; retry_count: number }[]>`
    select state, retry_count from pgboss.job where name = ${RESET_MAIL_QUEUE}`;
}

async function resetWorks(url: string, username: string, code: string) {
  const res = await fetch(`${url}/auth/password-reset/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username_or_email: username, code, new_password: "a-fresh-password-1" }),
  });
  return res.status;
}

test("a reset answered right before the process is killed (SIGKILL) is mailed once after the restart, with a live code", async () => {
  const ernesto = await person("ernesto_sigkill");
  // A web process that runs no jobs: nothing can have been sent before the kill.
  const web = await startAppProcess({ env: env("off"), timeoutMs: 60_000 });
  const answered = await requestReset(web.url, ernesto.username);
  expect(answered.status).toBe(200);
  web.proc.kill("SIGKILL");
  await web.proc.exited;
  expect(mailsTo(ernesto.email)).toEqual([]);

  const worker = await startAppProcess({ env: env("on"), timeoutMs: 60_000 });
  const delivered = await mail.waitFor((m) => m.to.includes(ernesto.email), 60_000);
  await waitUntil("the reset job completed", async () =>
    (await resetJobs()).every((job) => job.state === "completed"),
  );
  expect(mailsTo(ernesto.email)).toHaveLength(1);
  expect(await resetWorks(worker.url, ernesto.username, codeIn(delivered.text))).toBe(200);
  worker.proc.kill("SIGKILL");
  await worker.proc.exited;
});

test("a worker killed after one reset mail's 250 and before the batch completes: the retry mails nobody twice", async () => {
  const ana = await person("ana_sigkill");
  const beto = await person("beto_sigkill");
  const web = await startAppProcess({ env: env("off"), timeoutMs: 60_000 });
  expect((await requestReset(web.url, ana.email)).status).toBe(200);
  expect((await requestReset(web.url, beto.username)).status).toBe(200);
  const before = mail.messages.length;

  // The first mail is answered 250; the second reaches the server and waits for its answer.
  holdAfter = before;
  const worker = await startAppProcess({ env: env("on"), timeoutMs: 60_000 });
  await waitUntil("a second reset mail on its way", () => mail.held.length === 1, { timeoutMs: 60_000 });
  worker.proc.kill("SIGKILL");
  await worker.proc.exited;
  expect(mail.messages.length - before).toBe(1);
  expect((await resetJobs()).filter((job) => job.state === "active")).toHaveLength(2);

  const restarted = await startAppProcess({ env: env("on"), timeoutMs: 60_000 });
  await waitUntil(
    "both reset jobs completed",
    async () => (await resetJobs()).every((job) => job.state === "completed"),
    { timeoutMs: 90_000, everyMs: 250 },
  );
  expect((await resetJobs()).some((job) => job.retry_count > 0)).toBe(true);
  expect(mailsTo(ana.email)).toHaveLength(1);
  expect(mailsTo(beto.email)).toHaveLength(1);
  // The code mailed on the retry is the live one (the dead attempt's code was replaced).
  expect(await resetWorks(restarted.url, beto.username, codeIn(mailsTo(beto.email)[0]!.text))).toBe(200);
  expect(await resetWorks(restarted.url, ana.username, codeIn(mailsTo(ana.email)[0]!.text))).toBe(200);
});
