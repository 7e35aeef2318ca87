import { afterAll, beforeAll, expect, test } from "bun:test";
import { jwt } from "@elysiajs/jwt";
import { createTestDatabase, killAll, startAppProcess, TEST_JWT_SECRET } from "../../../test/app-process";
import { type MailCapture, startMailCapture } from "../../../test/mail-capture";
import { connectDatabase } from "../../lib/database/client";

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
 * both processes run; the people going are written straight to the database (fast: the reminder
 * falls due a few seconds later).
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
  // The reminder falls due 12 s from now (1 h before an event 1 h 12 s away); whichever process
  // fetches it first sends.
  const { eventId, emails } = await seedEvent(processes[0]!.url, 3600_000 + 12_000);

  await mail.waitFor(isReminder, 60_000);
  // The capture holds its answer 150 ms, so the sender logs "mail sent" just after.
  const until = Date.now() + 10_000;
  let sender = processes.find((p) => p.output().includes('"mail sent"'));
  while (!sender && Date.now() < until) {
    await Bun.sleep(20);
    sender = processes.find((p) => p.output().includes('"mail sent"'));
  }
  expect(sender).toBeDefined();
  const other = processes.find((p) => p !== sender)!;
  sender!.proc.kill("SIGTERM");
  expect(await sender!.waitForExit(30_000)).toBe(0);
  const sentBeforeStop = mail.messages.filter(isReminder).length;
  expect(sentBeforeStop).toBeLessThan(PEOPLE);

  // The other process takes over the failed job and sends the rest, skipping who already had it.
  const deadline = Date.now() + 90_000;
  while (mail.messages.filter(isReminder).length < PEOPLE && Date.now() < deadline) await Bun.sleep(200);
  expect(other.output()).toContain('"mail sent"');

  // A restart queues the reminder again (it starts at once): nobody gets a second one.
  const restarted = await startAppProcess({ env, timeoutMs: 60_000 });
  await Bun.sleep(5_000);
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
