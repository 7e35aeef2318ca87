import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { NoticeCounts } from "../../../common/api/notices";
import type { QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { clubNamed, userIn } from "./notice.fixtures";

setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
});
afterAll(() => t.close());

/** The three numbers an owner sees: the menu's (spec badge), the bell's, the Requests tab's. */
async function numbersOf(owner: QuickUser) {
  const badge = await t.request("GET", "/api/notifications", { token: owner.token });
  const bell = await t.request("GET", "/api/notifications/notices/count", { token: owner.token });
  const counts = bell.body as NoticeCounts;
  return { menu: Number(badge.body), bell: counts.unread, tab: counts.join_requests };
}

describe("answering a join request moves every number the owner sees by one", () => {
  test("accept, decline and withdraw each read the request's notice", async () => {
    const owner = await userIn(t, "es", "owner");
    const people = [await userIn(t, "es"), await userIn(t, "es"), await userIn(t, "es")];
    const clubId = await clubNamed(t, owner.id, "Club de Ajedrez");
    for (const person of people) {
      const res = await t.request("POST", `/api/connection-requests?club_id=${clubId}`, {
        token: person.token,
      });
      expect(res.status).toBe(201);
    }
    expect(await numbersOf(owner)).toEqual({ menu: 3, bell: 3, tab: 3 });

    const ids = await t.sql<{ id: number; user_id: number }[]>`
      select id, user_id from connection_requests where club_id = ${clubId} order by id`;
    const idOf = (person: QuickUser) => ids.find((r) => r.user_id === person.id)!.id;

    await t.request("POST", `/api/connection-requests/${idOf(people[0]!)}/accept`, { token: owner.token });
    expect(await numbersOf(owner)).toEqual({ menu: 2, bell: 2, tab: 2 });

    await t.request("DELETE", `/api/connection-requests/${idOf(people[1]!)}`, { token: owner.token });
    expect(await numbersOf(owner)).toEqual({ menu: 1, bell: 1, tab: 1 });

    // The requester takes it back: the owner's notice of it goes with it.
    await t.request("DELETE", `/api/connection-requests/${idOf(people[2]!)}`, { token: people[2]!.token });
    expect(await numbersOf(owner)).toEqual({ menu: 0, bell: 0, tab: 0 });
  });

  test("another club's request notice stays unread", async () => {
    const owner = await userIn(t, "en", "owner");
    const ana = await userIn(t, "en");
    const first = await clubNamed(t, owner.id, "Chess Club");
    const second = await clubNamed(t, owner.id, "Robotics Club");
    await t.request("POST", `/api/connection-requests?club_id=${first}`, { token: ana.token });
    await t.request("POST", `/api/connection-requests?club_id=${second}`, { token: ana.token });
    const [row] = await t.sql<{ id: number }[]>`
      select id from connection_requests where club_id = ${first} and user_id = ${ana.id}`;
    await t.request("POST", `/api/connection-requests/${row!.id}/accept`, { token: owner.token });
    expect(await numbersOf(owner)).toEqual({ menu: 1, bell: 1, tab: 1 });
  });

  test("a decision read in the centre leaves the menu's number with the bell's", async () => {
    const owner = await userIn(t, "es", "owner");
    const ana = await userIn(t, "es");
    const clubs = [await clubNamed(t, owner.id, "Club A"), await clubNamed(t, owner.id, "Club B")];
    for (const clubId of clubs) {
      await t.request("POST", `/api/connection-requests?club_id=${clubId}`, { token: ana.token });
      const [row] = await t.sql<{ id: number }[]>`
        select id from connection_requests where club_id = ${clubId} and user_id = ${ana.id}`;
      await t.request("POST", `/api/connection-requests/${row!.id}/accept`, { token: owner.token });
    }
    expect(await numbersOf(ana)).toEqual({ menu: 2, bell: 2, tab: 0 });
    const notices = await t.request("GET", "/api/notifications/notices", { token: ana.token });
    const first = (notices.body as { id: number }[])[0]!;
    expect(
      (await t.request("POST", `/api/notifications/notices/${first.id}/read`, { token: ana.token })).status,
    ).toBe(200);
    expect(await numbersOf(ana)).toEqual({ menu: 1, bell: 1, tab: 0 });
    await t.request("POST", "/api/notifications/notices/read-all", { token: ana.token });
    expect(await numbersOf(ana)).toEqual({ menu: 0, bell: 0, tab: 0 });
  });
});
