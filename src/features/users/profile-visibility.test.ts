import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { clubWith, roleCast } from "../message-requests/message-requests.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  // A small limit, so the test reaches it in a few reads.
  t = await setupTestApp({ RATE_PROFILE_READS_PER_ACCOUNT: "6/1h" });
}, 60_000);
afterAll(() => t.close());

/** A student with every detail filled in, a member of one club. */
async function student() {
  const person = await createQuickUser(t);
  await t.sql`update users set school = 'Instituto Ramírez Goyena', gender = 'female',
    description = 'tengo 14 años', region = 'Managua' where id = ${person.id}`;
  return person;
}

const read = (viewer: QuickUser | null, id: number) =>
  t.request("GET", `/api/users/${id}`, { token: viewer?.token ?? null });

const FULL = {
  school: "Instituto Ramírez Goyena",
  gender: "female",
  description: "tengo 14 años",
  limited: false,
};
const HIDDEN = { school: null, gender: null, description: null, clubs: null, limited: true };

describe("GET /api/users/{id}: school, gender, description and clubs only for people who share a club", () => {
  test("matrix: guest 401; banned 403; the person, an admin, a club mate and the club's owner see everything; other members, owners and muted strangers see the name only", async () => {
    const person = await student();
    const cast = await roleCast(t);
    const clubmate = await createQuickUser(t);
    const clubOwner = await createQuickUser(t, { role: "owner" });
    const clubId = await clubWith(t, clubOwner.id, [person.id, clubmate.id]);
    const clubs = [{ id: clubId, name: expect.any(String) }];

    expect((await read(null, person.id)).status).toBe(401);
    expect((await read(cast.banned, person.id)).status).toBe(403);

    for (const [role, viewer] of [
      ["self", person],
      ["admin", cast.admin],
      ["club mate", clubmate],
      ["club owner", clubOwner],
    ] as const) {
      const res = await read(viewer, person.id);
      expect({ role, status: res.status, body: res.body }).toMatchObject({
        role,
        status: 200,
        body: { ...FULL, clubs },
      });
    }
    for (const [role, viewer] of [
      ["member", cast.member],
      ["other member", cast.otherMember],
      ["owner", cast.owner],
      ["muted", cast.muted],
    ] as const) {
      const res = await read(viewer, person.id);
      expect({ role, status: res.status, body: res.body }).toMatchObject({ role, status: 200, body: HIDDEN });
      // Who the person is stays visible; every key of the spec's profile is still there.
      expect(res.body).toMatchObject({
        id: person.id,
        username: person.username,
        first_name: person.firstName,
        last_name: person.lastName,
        region: "Managua",
        profile_picture_url: null,
      });
      expect(Object.keys(res.body).sort()).toEqual(Object.keys((await read(person, person.id)).body).sort());
    }
  });

  test("joining the person's club shows the details; leaving hides them again", async () => {
    const person = await student();
    const viewer = await createQuickUser(t);
    expect((await read(viewer, person.id)).body).toMatchObject(HIDDEN);
    const clubId = await clubWith(t, null, [person.id, viewer.id]);
    expect((await read(viewer, person.id)).body).toMatchObject(FULL);
    await t.sql`delete from club_members where club_id = ${clubId} and user_id = ${viewer.id}`;
    expect((await read(viewer, person.id)).body).toMatchObject(HIDDEN);
  });
});

describe("profile reads are limited per account", () => {
  test("past RATE_PROFILE_READS_PER_ACCOUNT: 429 with Retry-After; one's own profile and admins are exempt", async () => {
    const person = await student();
    const reader = await createQuickUser(t);
    const admin = await createQuickUser(t, { role: "admin" });
    for (let i = 0; i < 6; i++) expect((await read(reader, person.id)).status).toBe(200);
    const refused = await read(reader, person.id);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe("You have opened too many profiles for now. Try again later.");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account is counted on its own; the reader's own profile is not counted.
    expect((await read(reader, reader.id)).status).toBe(200);
    expect((await read(person, reader.id)).status).toBe(200);
    for (let i = 0; i < 8; i++) expect((await read(admin, person.id)).status).toBe(200);
  });
});
