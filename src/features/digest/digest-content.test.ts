import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { withJobTables } from "../../lib/jobs/queue.fixtures";
import { createClub, createPost, createReader, daysFrom, NOW } from "./digest.fixtures";
import { sendDigest } from "./send-digest";
import { isoWeekOf } from "./week";

/** The queue's name as pg-boss stores it (digest-jobs.ts), spelled out: a rename would strand waiting jobs. */
const DIGEST_WEEK_QUEUE = "digest-week";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  // DIGEST_CRON off: these tests call the job's handler with their own `now`.
  t = await setupTestApp(
    { PUBLIC_URL: "https://clubnica.test", DIGEST_CRON: "off" },
    { jobs: true, mail: true },
  );
}, 60_000);
afterAll(() => t.close());

const WEEK = isoWeekOf(NOW);
const send = (userId: number, now = NOW) =>
  sendDigest(t.deps, { userId, week: isoWeekOf(now), now: now.toISOString() });
async function sendsOf(userId: number): Promise<{ week: string; items: number }[]> {
  const rows = await t.sql<{ week: string; items: number }[]>`
    select week, items from digest_sends where user_id = ${userId}`;
  return [...rows];
}

describe("the weekly digest's content", () => {
  test("in Spanish: new events of my clubs and my region, posts I missed; links absolute; nothing stale, seen, held or mine", async () => {
    const reader = await createReader(t, { locale: "es", region: "León" });
    const owner = await createReader(t, { role: "owner" });
    const club = await createClub(t, { owner, name: "Club de Robótica", members: [reader] });
    const nearby = await createClub(t, { owner, name: "Teatro León", region: "León" });
    const faraway = await createClub(t, { owner, name: "Coro Granada", region: "Granada" });
    const event = await createPost(t, {
      clubId: club,
      author: owner,
      title: "Feria de robots",
      createdAt: daysFrom(NOW, -2),
      eventDate: daysFrom(NOW, 5),
    });
    const regional = await createPost(t, {
      clubId: nearby,
      author: owner,
      title: "Obra de fin de año",
      createdAt: daysFrom(NOW, -1),
      eventDate: daysFrom(NOW, 10),
    });
    const missed = await createPost(t, {
      clubId: club,
      author: owner,
      title: "Nuevo horario",
      createdAt: daysFrom(NOW, -3),
    });
    const seen = await createPost(t, {
      clubId: club,
      author: owner,
      title: "Ya la vi",
      createdAt: daysFrom(NOW, -3),
    });
    await t.sql`insert into post_views (post_id, user_id) values (${seen}, ${reader.id})`;
    await createPost(t, { clubId: club, author: owner, title: "Hace un mes", createdAt: daysFrom(NOW, -30) });
    await createPost(t, {
      clubId: club,
      author: owner,
      title: "Retenida",
      createdAt: daysFrom(NOW, -1),
      held: true,
    });
    await createPost(t, {
      clubId: club,
      author: reader,
      title: "Mi propia publicación",
      createdAt: daysFrom(NOW, -1),
    });
    await createPost(t, {
      clubId: faraway,
      author: owner,
      title: "Concierto lejano",
      createdAt: daysFrom(NOW, -1),
      eventDate: daysFrom(NOW, 3),
    });
    await createPost(t, {
      clubId: club,
      author: owner,
      title: "Evento pasado",
      createdAt: daysFrom(NOW, -4),
      eventDate: daysFrom(NOW, -1),
    });

    expect(await send(reader.id)).toBe(true);
    const mail = await t.mail.waitFor((m) => m.to.includes(reader.email));
    expect(mail.subject).toBe("Tu semana en ClubNica");
    for (const part of [mail.text, mail.html]) {
      // The HTML part writes the & of an address as &amp;, as HTML must.
      const amp = part === mail.html ? "&amp;" : "&";
      const link = (id: number, clubId: number) =>
        `https://clubnica.test/clubs/${clubId}?tab=posts${amp}post=${id}`;
      expect(part).toContain("Eventos nuevos de tus clubes");
      expect(part).toContain("Feria de robots (Club de Robótica), sábado, 5 de diciembre de 2026");
      expect(part).toContain("Eventos nuevos en León");
      expect(part).toContain("Obra de fin de año (Teatro León)");
      expect(part).toContain("Publicaciones que quizá no viste");
      expect(part).toContain("Nuevo horario (Club de Robótica)");
      expect(part).toContain(link(event, club));
      expect(part).toContain(link(regional, nearby));
      expect(part).toContain(link(missed, club));
      expect(part).toContain("https://clubnica.test/home");
      for (const absent of [
        "Ya la vi",
        "Hace un mes",
        "Retenida",
        "Mi propia",
        "Concierto lejano",
        "Evento pasado",
      ]) {
        expect(part).not.toContain(absent);
      }
    }
    expect(mail.text).toContain(
      "Dejar de recibir estos correos: https://clubnica.test/api/digest/unsubscribe?token=",
    );
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('name="viewport"');
    expect(await sendsOf(reader.id)).toEqual([{ week: WEEK, items: 3 }]);
  });

  test("in English for an owner: pending join requests per club", async () => {
    const owner = await createReader(t, { locale: "en", role: "owner" });
    const club = await createClub(t, { owner, name: "Chess Club" });
    for (let i = 0; i < 2; i++) {
      const asker = await createReader(t);
      await t.sql`insert into connection_requests (club_id, user_id) values (${club}, ${asker.id})`;
    }
    expect(await send(owner.id)).toBe(true);
    const mail = await t.mail.waitFor((m) => m.to.includes(owner.email));
    expect(mail.subject).toBe("Your week on ClubNica");
    expect(mail.text).toContain(
      "Join requests waiting for you\n- Chess Club: 2 pending\n  https://clubnica.test/connections",
    );
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain("Stop these e-mails");
  });

  test("an officer with accept_requests (a member account) gets their club's pending requests too", async () => {
    const owner = await createReader(t, { role: "owner" });
    const officer = await createReader(t, { locale: "en" });
    const club = await createClub(t, { owner, name: "Robotics Club", members: [officer] });
    await t.sql`insert into club_officers (club_id, user_id, title, permissions)
      values (${club}, ${officer.id}, 'Vice-president', ${["accept_requests"]})`;
    const asker = await createReader(t);
    await t.sql`insert into connection_requests (club_id, user_id) values (${club}, ${asker.id})`;
    expect(await send(officer.id)).toBe(true);
    const mail = await t.mail.waitFor((m) => m.to.includes(officer.email));
    expect(mail.text).toContain(
      "Join requests waiting for you\n- Robotics Club: 1 pending\n  https://clubnica.test/connections",
    );
  });

  test("the List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058) name this person's link", async () => {
    const reader = await createReader(t, { locale: "en" });
    const owner = await createReader(t, { role: "owner" });
    const club = await createClub(t, { owner, name: "Astronomy", members: [reader] });
    await createPost(t, {
      clubId: club,
      author: owner,
      title: "Stars tonight",
      createdAt: daysFrom(NOW, -1),
    });
    expect(await send(reader.id)).toBe(true);
    const mail = await t.mail.waitFor((m) => m.to.includes(reader.email));
    const [row] = await t.sql<
      { token: string }[]
    >`select token from digest_tokens where user_id = ${reader.id}`;
    const url = `https://clubnica.test/api/digest/unsubscribe?token=${row!.token}`;
    expect(mail.headers["list-unsubscribe"]).toBe(`<${url}>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain(url);
    expect(row!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No "<id>-<secret>" token. (A plain substring check failed about half the runs: 43 random
    // characters hold a given one-digit id by chance.)
    expect(row!.token.split(/[-_]/)).not.toContain(String(reader.id));
  });

  test("nothing new: no mail and no record; next week, only what is new since the last digest", async () => {
    const reader = await createReader(t, { locale: "es" });
    const owner = await createReader(t, { role: "owner" });
    const club = await createClub(t, { owner, name: "Club Tranquilo", members: [reader] });
    await createPost(t, {
      clubId: club,
      author: owner,
      title: "Vieja noticia",
      createdAt: daysFrom(NOW, -9),
    });
    expect(await send(reader.id)).toBe(false);
    expect(await sendsOf(reader.id)).toEqual([]);

    await createPost(t, { clubId: club, author: owner, title: "Primera", createdAt: daysFrom(NOW, -1) });
    expect(await send(reader.id)).toBe(true);
    // A second run the same week sends nothing more.
    expect(await send(reader.id)).toBe(false);
    const nextWeek = daysFrom(NOW, 7);
    expect(await send(reader.id, nextWeek)).toBe(false);
    await createPost(t, { clubId: club, author: owner, title: "Segunda", createdAt: daysFrom(NOW, 3) });
    expect(await send(reader.id, nextWeek)).toBe(true);
    const mails = t.mail.messages.filter((m) => m.to.includes(reader.email));
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("Segunda");
    expect(mails[1]!.text).not.toContain("Primera");
  });

  test("no digest when it is turned off, the address is not verified, or the person is banned", async () => {
    const owner = await createReader(t, { role: "owner" });
    const off = await createReader(t);
    const unverified = await createReader(t);
    const banned = await createReader(t);
    await t.sql`update users set email_verified = false where id = ${unverified.id}`;
    await t.sql`update users set ban_until = ${daysFrom(NOW, 30).toISOString()} where id = ${banned.id}`;
    const put = await t.request("PUT", "/api/users/me/notification-settings", {
      token: off.token,
      json: { digest: false },
    });
    expect(put.body).toMatchObject({ who_can_message: "everyone", digest: false });
    const club = await createClub(t, { owner, name: "Club Lleno", members: [off, unverified, banned] });
    await createPost(t, { clubId: club, author: owner, title: "Noticia", createdAt: daysFrom(NOW, -1) });
    for (const person of [off, unverified, banned]) expect(await send(person.id)).toBe(false);
    expect(
      t.mail.messages.filter((m) => [off, unverified, banned].some((p) => m.to.includes(p.email))),
    ).toEqual([]);
  });
});

test("DIGEST_CRON=off registers no weekly schedule", async () => {
  expect(await withJobTables(t.databaseUrl, (tables) => tables.getSchedules(DIGEST_WEEK_QUEUE))).toEqual([]);
});
