import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { upcomingQuery } from "../../../common/api/events";
import type { Region } from "../../../common/enums";
import type { TestApp } from "../../../test/harness";
import { setupTestApp } from "../../../test/harness";
import type { SessionUser } from "../../lib/session-token";
import { createQuickUser } from "../clubs/user.fixtures";
import { listUpcoming } from "./upcoming-service";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
}, 60_000);
afterAll(() => t.close());

// A fixed Thursday, 2030-11-28 10:00 in Managua (16:00 UTC); Saturday is 2030-11-30.
const NOW = new Date("2030-11-28T16:00:00Z");
let tagCounter = 0;
/** Each test's clubs carry their own tag, so other tests' events never show in its lists. */
const freshTag = () => `prueba${++tagCounter}${Math.random().toString(36).slice(2, 7)}`;

async function club(tag: string, region: Region = "Managua", name = "Club") {
  const [row] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, tags, region) values (${name}, 'x', ${`${tag}, Ciencia`}, ${region})
    returning id`;
  return row!.id;
}

async function event(clubId: number, at: string, extra: { held?: boolean; isEvent?: boolean } = {}) {
  const [row] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, title, is_event, event_date, held)
    values (${clubId}, ${at}, ${extra.isEvent ?? true}, ${at}, ${extra.held ?? false})
    returning id`;
  return row!.id;
}

async function titles(query: Record<string, string | number>, now = NOW) {
  const page = await listUpcoming({ db: t.db, user: null, query: upcomingQuery.parse(query), now });
  return page.events.map((e) => e.title);
}

describe("upcoming events", () => {
  test("soonest first; past, cancelled (no longer an event), held and deleted clubs' events left out", async () => {
    const tag = freshTag();
    const a = await club(tag);
    const gone = await club(tag);
    await event(a, "2030-12-05T18:00:00.000Z");
    await event(a, "2030-11-29T18:00:00.000Z");
    await event(a, "2030-11-28T15:59:00.000Z"); // a minute ago
    await event(a, "2030-12-01T18:00:00.000Z", { isEvent: false });
    await event(a, "2030-12-02T18:00:00.000Z", { held: true });
    await event(gone, "2030-11-30T18:00:00.000Z");
    await t.sql`delete from clubs where id = ${gone}`;
    expect(await titles({ tag })).toEqual(["2030-11-29T18:00:00.000Z", "2030-12-05T18:00:00.000Z"]);
  });

  test("region and tag filters (tag without case or accents)", async () => {
    const tag = freshTag();
    const leon = await club(tag, "León");
    const managua = await club(tag, "Managua");
    await event(leon, "2030-12-01T18:00:00.000Z");
    await event(managua, "2030-12-02T18:00:00.000Z");
    expect(await titles({ tag, region: "León" })).toEqual(["2030-12-01T18:00:00.000Z"]);
    expect(await titles({ tag: tag.toUpperCase(), region: "Managua" })).toEqual(["2030-12-02T18:00:00.000Z"]);
    expect(await titles({ tag, region: "Granada" })).toEqual([]);
    expect(await titles({ tag, club: managua })).toEqual(["2030-12-02T18:00:00.000Z"]);
  });

  test("today ends at Managua's midnight (06:00 UTC)", async () => {
    const tag = freshTag();
    const c = await club(tag);
    await event(c, "2030-11-29T05:59:00.000Z"); // Thursday 23:59 in Managua
    await event(c, "2030-11-29T06:00:00.000Z"); // Friday 00:00 in Managua
    expect(await titles({ tag, when: "today" })).toEqual(["2030-11-29T05:59:00.000Z"]);
  });

  test("this weekend: Saturday 00:00 to Monday 00:00 in Managua", async () => {
    const tag = freshTag();
    const c = await club(tag);
    for (const at of [
      "2030-11-30T05:59:00.000Z", // Friday 23:59
      "2030-11-30T06:00:00.000Z", // Saturday 00:00
      "2030-12-02T05:59:00.000Z", // Sunday 23:59
      "2030-12-02T06:00:00.000Z", // Monday 00:00
    ]) {
      await event(c, at);
    }
    expect(await titles({ tag, when: "weekend" })).toEqual([
      "2030-11-30T06:00:00.000Z",
      "2030-12-02T05:59:00.000Z",
    ]);
    // On Sunday afternoon only what is left of the weekend.
    expect(await titles({ tag, when: "weekend" }, new Date("2030-12-01T20:00:00Z"))).toEqual([
      "2030-12-02T05:59:00.000Z",
    ]);
  });

  test("this month ends on the first of the next month in Managua", async () => {
    const tag = freshTag();
    const c = await club(tag);
    await event(c, "2030-12-01T05:59:00.000Z"); // 30 Nov 23:59 in Managua
    await event(c, "2030-12-01T06:00:00.000Z"); // 1 Dec 00:00 in Managua
    expect(await titles({ tag, when: "month" })).toEqual(["2030-12-01T05:59:00.000Z"]);
  });

  test("an empty week names the next date that matches every other filter (next_date)", async () => {
    const tag = freshTag();
    const leon = await club(tag, "León");
    const managua = await club(tag, "Managua");
    await event(managua, "2030-12-01T18:00:00.000Z"); // this weekend, but in Managua
    await event(leon, "2030-12-08T18:00:00.000Z"); // the weekend after
    await event(leon, "2030-12-20T18:00:00.000Z");
    const page = (query: Record<string, string>) =>
      listUpcoming({ db: t.db, user: null, query: upcomingQuery.parse(query), now: NOW });
    const empty = await page({ tag, region: "León", when: "weekend" });
    expect(empty.events).toEqual([]);
    expect(empty.next_date).toBe("2030-12-08T18:00:00.000Z");
    // Not empty, or nothing later: no date.
    expect((await page({ tag, region: "Managua", when: "weekend" })).next_date).toBeNull();
    expect((await page({ tag, region: "Granada", when: "weekend" })).next_date).toBeNull();
    expect((await page({ tag, region: "Granada" })).next_date).toBeNull();
  });

  test("keyset pages: every event once, in order, ties on the date broken by id", async () => {
    const tag = freshTag();
    const c = await club(tag);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      // Pairs of events at the same minute make the id matter; microseconds (which a JavaScript
      // Date cannot hold) must not make a page repeat the previous page's last event.
      const at = `2030-12-0${3 + Math.floor(i / 2)}T18:00:00.123456Z`;
      ids.push(await event(c, at));
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string | number> = { tag, limit: 3, ...(cursor ? { cursor } : {}) };
      const page = await listUpcoming({ db: t.db, user: null, query: upcomingQuery.parse(query), now: NOW });
      seen.push(...page.events.map((e) => e.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
  });

  test("signed in: matching interests in for_you on the first page; the main list unchanged", async () => {
    const tag = freshTag();
    const robotics = await club(tag, "Granada");
    const other = await club(freshTag(), "León");
    await event(other, "2030-12-01T18:00:00.000Z");
    const match = await event(robotics, "2030-12-02T18:00:00.000Z");
    const user = await createQuickUser(t);
    await t.sql`insert into user_interests (user_id, tags) values (${user.id}, ${[tag.toUpperCase()]})`;
    const session: SessionUser = { id: user.id, username: user.username, role: "member", muteUntil: null };
    const query = upcomingQuery.parse({ club: robotics });
    const page = await listUpcoming({ db: t.db, user: session, query, now: NOW });
    expect(page.for_you.map((e) => e.id)).toEqual([match]);
    const all = await listUpcoming({
      db: t.db,
      user: session,
      query: upcomingQuery.parse({ club: other }),
      now: NOW,
    });
    expect(all.for_you).toEqual([]);
    expect(all.events).toHaveLength(1);
  });

  test("the HTTP call is public, and refuses a bad cursor or preset", async () => {
    expect((await t.request("GET", "/api/events/upcoming?when=today")).status).toBe(200);
    expect((await t.request("GET", "/api/events/upcoming?cursor=abc")).status).toBe(422);
    expect((await t.request("GET", "/api/events/upcoming?when=tomorrow")).status).toBe(422);
    expect((await t.request("GET", "/api/events/upcoming?scope=mine")).status).toBe(401);
  });
});
