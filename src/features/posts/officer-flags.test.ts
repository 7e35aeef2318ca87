import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ClubPermission } from "../../../common/api/club-officers";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";

/**
 * A post's per-viewer flags count officers (issue 49): can_edit for the owner, an admin and an
 * officer with `post` (the calls that edit and delete it check that), can_check_in for the
 * owner, an admin and an officer with `check_in` (attendance, the RSVP list). Every listing that
 * shows post cards says the same: the home feed, the club's Posts tab, its events, one post.
 */
setDefaultTimeout(60_000);

let t: TestApp;
let clubId: number;
let eventId: number;
type Who = "owner" | "admin" | "member" | "officerPost" | "officerCheckIn" | "officerOther" | "stranger";
const people = {} as Record<Who, QuickUser>;

async function member(): Promise<QuickUser> {
  const user = await createQuickUser(t);
  await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${user.id})`;
  return user;
}

async function officer(permissions: ClubPermission[]): Promise<QuickUser> {
  const user = await member();
  const res = await t.request("PUT", `/api/clubs/${clubId}/officers/${user.id}`, {
    token: people.owner.token,
    json: { title: "Secretaria", permissions },
  });
  if (res.status !== 200) throw new Error(`naming failed ${res.status} ${JSON.stringify(res.body)}`);
  return user;
}

beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
  people.owner = await createQuickUser(t, { role: "owner" });
  people.admin = await createQuickUser(t, { role: "admin" });
  people.stranger = await createQuickUser(t);
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club de Teatro', 'd', ${people.owner.id}) returning id`;
  clubId = club!.id;
  people.member = await member();
  people.officerPost = await officer(["post"]);
  people.officerCheckIn = await officer(["check_in"]);
  people.officerOther = await officer(["accept_requests", "moderate_chat", "edit_club"]);
  const [event] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, title, is_event, event_date)
    values (${clubId}, 'Ensayo general', true, now() + interval '2 days') returning id`;
  eventId = event!.id;
});
afterAll(() => t.close());

type Flags = { id: number; can_edit: boolean; can_check_in: boolean };

const EXPECTED: Record<Who, { can_edit: boolean; can_check_in: boolean }> = {
  owner: { can_edit: true, can_check_in: true },
  admin: { can_edit: true, can_check_in: true },
  officerPost: { can_edit: true, can_check_in: false },
  officerCheckIn: { can_edit: false, can_check_in: true },
  officerOther: { can_edit: false, can_check_in: false },
  member: { can_edit: false, can_check_in: false },
  stranger: { can_edit: false, can_check_in: false },
};

/** Every listing of post cards, by name (the ids are known once the data is made). */
const listings: Record<string, () => string> = {
  "the home feed": () => "/api/posts/feed?filter=newest&limit=20",
  "the club's Posts tab": () => `/api/clubs/${clubId}/posts`,
  "the club's events": () => `/api/clubs/${clubId}/events`,
  "one post": () => `/api/posts/${eventId}`,
};

async function flagsIn(path: string, who: Who): Promise<Flags> {
  const res = await t.request("GET", path, { token: people[who].token });
  expect(res.status).toBe(200);
  const body = res.body as Flags | Flags[];
  const post = Array.isArray(body) ? body.find((p) => p.id === eventId) : body;
  if (!post) throw new Error(`event ${eventId} not in ${path}`);
  return post;
}

describe("the per-viewer flags of a post count officers", () => {
  for (const [name, path] of Object.entries(listings)) {
    test(name, async () => {
      const got: Record<string, unknown> = {};
      for (const who of Object.keys(EXPECTED) as Who[]) {
        const post = await flagsIn(path(), who);
        got[who] = { can_edit: post.can_edit, can_check_in: post.can_check_in };
      }
      expect(got).toEqual(EXPECTED);
    });
  }
});

test("each flag matches what the call it stands for answers", async () => {
  for (const who of Object.keys(EXPECTED) as Who[]) {
    const token = people[who].token;
    const rsvpList = await t.request("GET", `/api/posts/${eventId}/attendees`, { token });
    expect({ who, status: rsvpList.status }).toEqual({
      who,
      status: EXPECTED[who].can_check_in ? 200 : 403,
    });
    const edit = await t.request("PUT", `/api/posts/${eventId}`, {
      token,
      json: { title: "Ensayo general" },
    });
    expect({ who, status: edit.status }).toEqual({ who, status: EXPECTED[who].can_edit ? 200 : 403 });
  }
});

test("naming someone an officer changes their feed's ETag, and the next page says can_edit", async () => {
  const newcomer = await member();
  const path = "/api/posts/feed?filter=newest&limit=20&offset=0";
  const get = (etag?: string) =>
    t.app.handle(
      new Request(`http://localhost${path}`, {
        headers: { authorization: `Bearer ${newcomer.token}`, ...(etag ? { "if-none-match": etag } : {}) },
      }),
    );
  const first = await get();
  expect(first.status).toBe(200);
  const etag = first.headers.get("etag")!;
  expect(((await first.json()) as Flags[]).find((p) => p.id === eventId)?.can_edit).toBe(false);
  expect((await get(etag)).status).toBe(304);

  const named = await t.request("PUT", `/api/clubs/${clubId}/officers/${newcomer.id}`, {
    token: people.owner.token,
    json: { title: "Vocal", permissions: ["post"] },
  });
  expect(named.status).toBe(200);
  // The trigger's NOTIFY reaches the poll memory a little after the commit: ask again until the
  // remembered page is dropped (a bounded loop; without the trigger it stays a 304 for ever).
  let after = await get(etag);
  for (let i = 0; i < 200 && after.status === 304; i++) {
    await Bun.sleep(10);
    after = await get(etag);
  }
  expect(after.status).toBe(200);
  expect(after.headers.get("etag")).not.toBe(etag);
  expect(((await after.json()) as Flags[]).find((p) => p.id === eventId)?.can_edit).toBe(true);
});
