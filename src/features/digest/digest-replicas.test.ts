import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { type SecondInstance, startSecondInstance } from "../../../test/second-instance";
import { withJobTables } from "../../lib/jobs/queue.fixtures";
import { createClub, createPost, createReader, daysFrom, NOW, type Person } from "./digest.fixtures";
import { queueDigests } from "./digest-fan-out";
import { sendDigest } from "./send-digest";
import { isoWeekOf } from "./week";

/** The queue's name as pg-boss stores it (digest-fan-out.ts), spelled out: a rename would strand waiting jobs. */
const DIGEST_QUEUE = "digest";

/** The queue's name as pg-boss stores it (digest-jobs.ts), spelled out: a rename would strand waiting jobs. */
const DIGEST_WEEK_QUEUE = "digest-week";

setDefaultTimeout(120_000);

/**
 * Two app instances on one database, as two replicas are: each with its own connection pool,
 * job queue (pg-boss, running every worker) and SMTP connection to the same capture. Both run
 * the weekly job at the same moment.
 */
let t: TestApp;
let second: SecondInstance;

beforeAll(async () => {
  // The default DIGEST_CRON (Monday 13:00 UTC): both instances register the schedule; it does
  // not fire during the test, which runs the weekly job itself with its own `now`.
  t = await setupTestApp({ PUBLIC_URL: "https://clubnica.test" }, { jobs: true, mail: true });
  second = await startSecondInstance(t);
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t.close();
});

/** Resolves once every digest job of the week has finished (on either instance); returns them. */
async function settledJobs(week: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const jobs = await withJobTables(t.databaseUrl, (tables) =>
      tables.findJobs<{ week: string }>(DIGEST_QUEUE, { data: { week }, limit: 10_000 }),
    );
    if (jobs.length > 0 && jobs.every((job) => job.state === "completed" || job.state === "failed"))
      return jobs;
    if (Date.now() > deadline)
      throw new Error(`digest jobs still pending: ${jobs.map((j) => j.state).join(",")}`);
    await Bun.sleep(100);
  }
}

const mailsTo = (person: Person) => t.mail.messages.filter((m) => m.to.includes(person.email));

test("both instances run the weekly job: one digest per person with news, none for the others", async () => {
  const owner = await createReader(t, { locale: "en", role: "owner" });
  const readers: Person[] = [];
  for (let i = 0; i < 12; i++) readers.push(await createReader(t, { locale: i % 2 ? "en" : "es" }));
  const quiet = await createReader(t, { locale: "es" });
  const regional = await createReader(t, { locale: "es", region: "Masaya" });
  const club = await createClub(t, { owner, name: "Club de Ciencias", members: [...readers, quiet] });
  const masaya = await createClub(t, { owner, name: "Danza Masaya", region: "Masaya" });
  await createPost(t, {
    clubId: club,
    author: owner,
    title: "Laboratorio abierto",
    createdAt: daysFrom(NOW, -2),
  });
  // The quiet member has already opened it: nothing new for them.
  const [seen] = await t.sql<{ id: number }[]>`select id from posts where club_id = ${club}`;
  await t.sql`insert into post_views (post_id, user_id) values (${seen!.id}, ${quiet.id})`;
  await createPost(t, {
    clubId: masaya,
    author: owner,
    title: "Festival de danza",
    createdAt: daysFrom(NOW, -1),
    eventDate: daysFrom(NOW, 6),
  });
  await t.sql`insert into connection_requests (club_id, user_id) values (${club}, ${regional.id})`;
  const week = isoWeekOf(NOW);

  const [queuedFirst, queuedSecond] = await Promise.all([
    queueDigests(t.deps, { now: NOW }),
    queueDigests(second.deps, { now: NOW }),
  ]);
  expect(queuedFirst + queuedSecond).toBeGreaterThanOrEqual(15);
  // And one person's job run by hand on both instances at once, racing the workers too.
  const job = { userId: readers[0]!.id, week, now: NOW.toISOString() };
  const raced = await Promise.all([sendDigest(t.deps, job), sendDigest(second.deps, job)]);
  expect(raced.filter(Boolean).length).toBeLessThanOrEqual(1);

  const jobs = await settledJobs(week);
  expect(jobs.filter((j) => j.state === "failed")).toEqual([]);
  for (const person of [...readers, owner, regional]) {
    expect({ who: person.username, mails: mailsTo(person).length }).toEqual({
      who: person.username,
      mails: 1,
    });
  }
  expect(mailsTo(quiet)).toEqual([]);
  expect(mailsTo(regional)[0]!.text).toContain("Festival de danza (Danza Masaya)");
  expect(mailsTo(owner)[0]!.text).toContain("Club de Ciencias: 1 pending");
  expect(mailsTo(readers[0]!)[0]!.subject).toBe("Tu semana en ClubNica");
  expect(mailsTo(readers[1]!)[0]!.subject).toBe("Your week on ClubNica");
  const [sends] = await t.sql<
    { n: number }[]
  >`select count(*)::int as n from digest_sends where week = ${week}`;
  expect(sends!.n).toBe(14);

  // The week's job run again later (a retry, a late replica) sends nobody a second digest.
  const before = t.mail.messages.length;
  await Promise.all([
    queueDigests(second.deps, { now: daysFrom(NOW, 1) }),
    queueDigests(t.deps, { now: NOW }),
  ]);
  await settledJobs(week);
  expect(t.mail.messages.length).toBe(before);
});

test("the weekly schedule is registered once for both instances, Mondays 13:00 UTC (07:00 in Managua)", async () => {
  const schedules = await withJobTables(t.databaseUrl, (tables) => tables.getSchedules(DIGEST_WEEK_QUEUE));
  expect(schedules.map((s) => ({ cron: s.cron, timezone: s.timezone }))).toEqual([
    { cron: "0 13 * * 1", timezone: "UTC" },
  ]);
});
