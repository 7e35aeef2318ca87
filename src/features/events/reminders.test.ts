import { afterAll, beforeAll, expect, test } from "bun:test";
import { jwt } from "@elysiajs/jwt";
import { createTestDatabase, killAll, startAppProcess, TEST_JWT_SECRET } from "../../../test/app-process";
import { type MailCapture, startMailCapture } from "../../../test/mail-capture";
import { makeJobsDue, waitUntil } from "../../../test/wait";
import { connectDatabase } from "../../lib/database/client";

/** The queue's name as pg-boss stores it (reminder-queue.ts), spelled out: a rename would strand waiting jobs. */
const REMINDER_QUEUE = "event-reminders";

/**
 * Reminders through the real job queue: two app processes (`bun src/main.ts`) on one database,
 * a real SMTP server, and the sending process stopped in the middle of the batch.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let mail: MailCapture;
let db: ReturnType<typeof connectDatabase>;

beforeAll(async () => {
  database = await createTestDatabase();
  // Each delivery takes 150 ms, so the batch is still going when a process is stopped.
  mail = await startMailCapture({ delayMs: 150 });
  db = connectDatabase(database.url, { max: 2 });
});

afterAll(async () => {
  await killAll();
  await db.close();
  await mail.close();
  await database.drop();
});

const PEOPLE = 30;
const LEAD = "1h";

/**
 * The owner creates the event through the API of one process (which queues its reminder) once
 * both processes run; the people going are written straight to the database. The reminder's
 * moment is half an hour away: the test moves the queue's clock (makeJobsDue) when it is ready.
 */
async function seedEvent(appUrl: string, startsInMs: number) {
  const { sql } = db;
  const [owner] = await sql<{ id: number; username: string }[]>`
    insert into users (username, password_hash, role) values ('astro_owner', 'x', 'owner') returning id, username`;
  const [club] = await sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club de Astronomía', 'Estrellas', ${owner!.id}) returning id`;
  const signer = jwt({ name: "jwt", secret: TEST_JWT_SECRET, exp: "1h" }).decorator.jwt;
  const token = await signer.sign({ sub: owner!.username, id: owner!.id, role: "owner", ver: 0 });
  const users = await sql<{ id: number; email: string }[]>`
    insert into users (username, password_hash, email)
    select 'stargazer' || g, 'x', 'stargazer' || g || '@example.com' from generate_series(1, ${PEOPLE}::int) g
    returning id, email`;
  // Someone not going gets nothing.
  await sql`insert into users (username, password_hash, email) values ('skywatcher', 'x', 'not-going@example.com')`;
  const form = new FormData();
  for (const [key, value] of Object.entries({
    club_id: String(club!.id),
    title: "Noche de telescopios",
    is_event: "true",
    event_date: new Date(Date.now() + startsInMs).toISOString(),
    event_location: "Observatorio UNAN",
  }))
    form.set(key, value);
  const created = await fetch(`${appUrl}/api/posts`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status).toBe(201);
  const eventId = ((await created.json()) as { id: number }).id;
  for (const user of users) {
    await sql`insert into event_rsvps (post_id, user_id, status) values (${eventId}, ${user.id}, 'going')`;
  }
  await sql`update posts set going_count = ${PEOPLE} where id = ${eventId}`;
  return { eventId, emails: users.map((u) => u.email) };
}

const isReminder = (m: { subject: string }) => m.subject === "Reminder: Noche de telescopios is tomorrow";

/** The reminder jobs of the event, by state (pg-boss's own table). */
async function reminderJobs(eventId: number) {
  return await db.sql<{ id: string; state: string }[]>`
    select id, state from pgboss.job where name = ${REMINDER_QUEUE} and data->>'postId' = ${String(eventId)}`;
}

test("two processes, one stopped mid-way, then a restart: every person going gets exactly one reminder", async () => {
  const env = {
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    SMTP_URL: mail.url,
    EVENT_REMINDER_LEAD: LEAD,
    PUBLIC_URL: "https://clubnica.test",
    // The people here never chose a language: their reminders use DEFAULT_LOCALE (English here).
    DEFAULT_LOCALE: "en",
  };
  const processes = await Promise.all([
    startAppProcess({ env, timeoutMs: 60_000 }),
    startAppProcess({ env, timeoutMs: 60_000 }),
  ]);
  // The reminder's moment is 30 min away (1 h before an event 1 h 30 min away); once everyone
  // going is written, it becomes due, and whichever process fetches it first sends.
  const { eventId, emails } = await seedEvent(processes[0]!.url, 3600_000 + 30 * 60_000);
  await waitUntil("the event's reminder job", async () => (await reminderJobs(eventId)).length === 1);
  expect(await makeJobsDue(db.sql, REMINDER_QUEUE)).toBe(1);

  await mail.waitFor(isReminder, 60_000);
  // The capture holds its answer 150 ms, so the sender logs "mail sent" just after.
  const sender = await waitUntil('the sender\'s "mail sent" line', () =>
    processes.find((p) => p.output().includes('"mail sent"')),
  );
  const other = processes.find((p) => p !== sender)!;
  sender!.proc.kill("SIGTERM");
  expect(await sender!.waitForExit(30_000)).toBe(0);
  const sentBeforeStop = mail.messages.filter(isReminder).length;
  expect(sentBeforeStop).toBeLessThan(PEOPLE);

  // The other process takes over the failed job (its retry back-off made due at once) and sends
  // the rest, skipping who already had it.
  await waitUntil(
    `all ${PEOPLE} reminders`,
    async () => {
      await makeJobsDue(db.sql, REMINDER_QUEUE);
      return mail.messages.filter(isReminder).length >= PEOPLE;
    },
    { timeoutMs: 90_000, everyMs: 200 },
  );
  expect(other.output()).toContain('"mail sent"');

  // A restart queues the reminder again (a new job for the same moment): once it has run,
  // nobody has a second one.
  const restarted = await startAppProcess({ env, timeoutMs: 60_000 });
  await waitUntil(
    "the restart's reminder job to finish",
    async () => {
      await makeJobsDue(db.sql, REMINDER_QUEUE);
      const jobs = await reminderJobs(eventId);
      return jobs.length >= 2 && jobs.every((job) => job.state === "completed");
    },
    { timeoutMs: 60_000, everyMs: 100 },
  );
  const reminders = mail.messages.filter(isReminder);
  expect(reminders.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
  expect(reminders[0]!.text).toContain("Where: Observatorio UNAN");
  expect(reminders[0]!.text).toContain("(Managua time)");
  expect(reminders[0]!.text).toContain(`https://clubnica.test/clubs/`);
  expect(mail.messages.some((m) => m.to.includes("not-going@example.com"))).toBe(false);
  const [rows] = await db.sql<
    { n: number }[]
  >`select count(*)::int as n from event_reminders where post_id = ${eventId}`;
  expect(rows!.n).toBe(PEOPLE);

  for (const p of [other, restarted]) p.proc.kill("SIGTERM");
  for (const p of [other, restarted]) expect(await p.waitForExit(30_000)).toBe(0);
}, 240_000);
