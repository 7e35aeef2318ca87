import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClub, postForm } from "./post.fixtures";

// The machine may be busy (parallel suites, password hashing): allow slow requests.
setDefaultTimeout(30_000);

let t: TestApp;
type User = Awaited<ReturnType<TestApp["createUser"]>>;
let owner: User;
let member: User;

beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
  [owner, member] = await Promise.all([t.createUser({ role: "owner" }), t.createUser()]);
}, 60_000);
afterAll(() => t.close());

describe("a club's posts and events", () => {
  test("GET /api/clubs/{id}/posts lists the club's posts newest first, for guests too, with paging", async () => {
    const club = await createClub(t, owner.id, "Paged");
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.request("POST", "/api/posts", {
        token: owner.token,
        multipart: postForm({ club_id: String(club), title: `P${i}` }),
      });
      ids.push(res.body.id);
    }
    // Two posts share a timestamp: the higher id comes first.
    await t.sql`update posts set created_at = '2030-01-01T00:00:00Z' where id in ${t.sql([ids[1]!, ids[3]!])}`;
    const expected = [ids[3], ids[1], ids[4], ids[2], ids[0]];
    const all = await t.request("GET", `/api/clubs/${club}/posts`);
    expect(all.status).toBe(200);
    expect(all.body.map((p: { id: number }) => p.id)).toEqual(expected);
    expect(all.headers.get("x-next-cursor")).toBeNull();

    const first = await t.request("GET", `/api/clubs/${club}/posts?limit=2`, { token: member.token });
    expect(first.body.map((p: { id: number }) => p.id)).toEqual(expected.slice(0, 2));
    const cursor = first.headers.get("x-next-cursor")!;
    const second = await t.request("GET", `/api/clubs/${club}/posts?limit=2&cursor=${cursor}`);
    expect(second.body.map((p: { id: number }) => p.id)).toEqual(expected.slice(2, 4));
    const byOffset = await t.request("GET", `/api/clubs/${club}/posts?limit=2&offset=4`);
    expect(byOffset.body.map((p: { id: number }) => p.id)).toEqual(expected.slice(4));

    expect((await t.request("GET", `/api/clubs/${club}/posts?cursor=garbage`)).status).toBe(422);
    expect((await t.request("GET", `/api/clubs/${club}/posts?limit=101`)).status).toBe(422);
    const unknown = await t.request("GET", "/api/clubs/99999999/posts");
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("Club not found");
    const empty = await createClub(t, owner.id, "Empty");
    expect((await t.request("GET", `/api/clubs/${empty}/posts`)).body).toEqual([]);
  });

  test("GET /api/clubs/{id}/events returns events in a range, soonest first; upcoming by default", async () => {
    const club = await createClub(t, owner.id, "Calendar");
    const event = async (title: string, date: string) =>
      (
        await t.request("POST", "/api/posts", {
          token: owner.token,
          multipart: postForm({ club_id: String(club), title, is_event: "true", event_date: date }),
        })
      ).body.id as number;
    const past = await event("Past", "2020-03-01T10:00:00Z");
    const may = await event("May", "2099-05-10T10:00:00Z");
    const april = await event("April", "2099-04-20T10:00:00Z");
    const june = await event("June", "2099-06-01T00:00:00Z");
    await t.request("POST", "/api/posts", {
      token: owner.token,
      multipart: postForm({ club_id: String(club), title: "Not an event" }),
    });
    const ids = (res: { body: { id: number }[] }) => res.body.map((p) => p.id);

    const upcoming = await t.request("GET", `/api/clubs/${club}/events`);
    expect(upcoming.status).toBe(200);
    expect(ids(upcoming)).toEqual([april, may, june]);
    const range = await t.request("GET", `/api/clubs/${club}/events?from=2099-04-01&to=2099-06-01`, {
      token: member.token,
    });
    expect(ids(range)).toEqual([april, may]);
    const old = await t.request("GET", `/api/clubs/${club}/events?from=2020-01-01&to=2020-12-31T23:59:59Z`);
    expect(ids(old)).toEqual([past]);
    const backwards = await t.request("GET", `/api/clubs/${club}/events?from=2099-06-01&to=2099-04-01`);
    expect(backwards.status).toBe(422);
    expect(backwards.body.detail[0].msg).toBe("The start of the range must be before its end.");
    expect((await t.request("GET", `/api/clubs/${club}/events?from=tomorrow`)).status).toBe(422);
    expect((await t.request("GET", "/api/clubs/99999999/events")).status).toBe(404);
  });
});
