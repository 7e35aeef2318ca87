import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClub, createManyUsers } from "../posts/post.fixtures";
import { insertEvent } from "./event.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ PUBLIC_URL: "https://clubnica.test" }, { jobs: true });
});
afterAll(() => t.close());

/** Parses with ical.js (Mozilla's parser, independent of our writer) and returns the events. */
function parseCalendar(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  expect(root.name).toBe("vcalendar");
  expect(root.getFirstPropertyValue("version")).toBe("2.0");
  const zone = root.getFirstSubcomponent("vtimezone");
  expect(zone?.getFirstPropertyValue("tzid")).toBe("America/Managua");
  const timezone = new ICAL.Timezone(zone!);
  return root.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    const start = event.startDate;
    start.zone = timezone;
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      tzid: component.getFirstProperty("dtstart")?.getParameter("tzid"),
      local: start.toString(),
      utc: start.toJSDate().toISOString(),
      hours: event.duration.toSeconds() / 3600,
      url: component.getFirstPropertyValue("url"),
    };
  });
}

describe("calendar feeds (RFC 5545)", () => {
  test("a club's public feed has its events at their Managua times, with text escaped and long lines folded", async () => {
    const club = await createClub(t, null, "Club de Robótica, León");
    const other = await createClub(t, null, "Otro");
    // 2026-12-05 18:30 in Managua is 2026-12-06 00:30 UTC.
    const [row] = await t.sql<{ id: number }[]>`
      insert into posts (club_id, title, content, is_event, event_date, event_location)
      values (${club}, 'Competencia; ronda 1, final', ${`Traigan laptops\ny cables. ${"Ñandú ".repeat(30)}`}, true,
        '2026-12-06T00:30:00Z', 'UNAN-León, Aula 3') returning id`;
    await insertEvent(t, other, { title: "Not this club" });
    await t.sql`insert into posts (club_id, title) values (${club}, 'A plain post')`;

    const res = await t.request("GET", `/clubs/${club}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = res.body as string;
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const events = parseCalendar(text);
    expect(events).toEqual([
      {
        uid: `event-${row!.id}@clubnica.test`,
        summary: "Competencia; ronda 1, final",
        location: "UNAN-León, Aula 3",
        description: `Traigan laptops\ny cables. ${"Ñandú ".repeat(30)}`,
        tzid: "America/Managua",
        local: "2026-12-05T18:30:00",
        utc: "2026-12-06T00:30:00.000Z",
        hours: 2,
        url: `https://clubnica.test/clubs/${club}?tab=posts&post=${row!.id}`,
      },
    ]);
    expect((await t.request("GET", "/clubs/999999/calendar.ics")).status).toBe(404);
    expect((await t.request("GET", "/clubs/abc/calendar.ics")).status).toBe(422);
  });

  test("the personal feed lists the events the user is going to; a regenerated token revokes the old one (404)", async () => {
    const club = await createClub(t, null, "Danza");
    const going = await insertEvent(t, club, { title: "Ensayo general" });
    const waitlisted = await insertEvent(t, club, { title: "Lleno", capacity: 1 });
    const skipped = await insertEvent(t, club, { title: "No voy" });
    const [me, other] = await createManyUsers(t, 2, "feed");
    await t.request("PUT", `/api/posts/${waitlisted.id}/rsvp`, {
      token: other!.token,
      json: { status: "going" },
    });
    for (const [id, status] of [
      [going.id, "going"],
      [waitlisted.id, "going"],
      [skipped.id, "not_going"],
    ] as const) {
      await t.request("PUT", `/api/posts/${id}/rsvp`, { token: me!.token, json: { status } });
    }
    const feed = await t.request("GET", "/api/users/me/calendar-feed", { token: me!.token });
    expect(feed.status).toBe(200);
    expect(feed.body.url).toMatch(/^https:\/\/clubnica\.test\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    // Asking again gives the same address.
    expect((await t.request("GET", "/api/users/me/calendar-feed", { token: me!.token })).body).toEqual(
      feed.body,
    );
    const path = new URL(feed.body.url).pathname;
    const res = await t.request("GET", path);
    expect(res.status).toBe(200);
    const events = parseCalendar(res.body as string);
    expect(events.map((e) => e.summary)).toEqual(["Ensayo general"]);
    expect(events[0]!.utc).toBe(going.date.toISOString().replace(/\.\d+Z$/, ".000Z"));

    const renewed = await t.request("POST", "/api/users/me/calendar-feed", { token: me!.token });
    expect(renewed.body.url).not.toBe(feed.body.url);
    const old = await t.request("GET", path);
    expect(old.status).toBe(404);
    expect(old.body.detail).toBe("This calendar link is not valid (it may have been replaced by a new one).");
    expect((await t.request("GET", new URL(renewed.body.url).pathname)).status).toBe(200);
    expect((await t.request("GET", "/calendar/nope.ics")).status).toBe(404);
    expect((await t.request("GET", "/api/users/me/calendar-feed")).status).toBe(401);
  });

  test("Add to calendar: one event as a file; a plain post is 404", async () => {
    const club = await createClub(t, null, "Música");
    const event = await insertEvent(t, club, { title: "Concierto" });
    const res = await t.request("GET", `/api/posts/${event.id}/event.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="event-${event.id}.ics"`);
    expect(parseCalendar(res.body as string).map((e) => e.summary)).toEqual(["Concierto"]);
    const [plain] = await t.sql<
      { id: number }[]
    >`insert into posts (club_id, title) values (${club}, 'x') returning id`;
    expect((await t.request("GET", `/api/posts/${plain!.id}/event.ics`)).status).toBe(404);
  });
});
