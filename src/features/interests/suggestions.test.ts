import { afterAll, beforeAll, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createQuickUser, type QuickUser } from "../clubs/user.fixtures";
import { insertClub } from "./interests.fixtures";

let t: TestApp;
let me: QuickUser;
const ids: Record<string, number> = {};

/**
 * Fixed data: which clubs come back, in which order and with which reasons follows from the
 * rules alone (shared tags, region, school, activity, id).
 */
beforeAll(async () => {
  t = await setupTestApp();
  me = await createQuickUser(t);
  const classmate = await createQuickUser(t);
  await t.sql`update users set school = 'Colegio Centroamérica' where id = ${classmate.id}`;
  const clubs = {
    twoTagsOld: { tags: "Robótica, Ciencia", activity: "2026-01-01T00:00:00Z" },
    oneTagLeon: { tags: "Robótica", region: "León", activity: "2026-01-02T00:00:00Z" },
    oneTagNew: { tags: "ciencia", activity: "2026-03-01T00:00:00Z" },
    oneTagTwin: { tags: "Ciencia", activity: "2026-03-01T00:00:00Z" },
    leonOnly: { tags: "Arte", region: "León" },
    schoolOnly: { tags: "Arte" },
    nothing: { tags: "Arte", region: "Managua" },
    closed: { tags: "Robótica", isOpen: false },
    owned: { tags: "Robótica", ownerId: me.id },
    joined: { tags: "Robótica" },
    pending: { tags: "Robótica" },
  };
  for (const [name, fields] of Object.entries(clubs)) ids[name] = await insertClub(t, { name, ...fields });
  await t.sql`insert into club_members (club_id, user_id) values (${ids.joined!}, ${me.id}),
    (${ids.schoolOnly!}, ${classmate.id})`;
  await t.sql`insert into connection_requests (club_id, user_id) values (${ids.pending!}, ${me.id})`;
});
afterAll(async () => await t.close());

const suggested = async (headers: Record<string, string> = {}) => {
  const res = await t.request("GET", "/api/clubs/suggested", { token: me.token, headers });
  expect(res.status).toBe(200);
  return res.body as { id: number; name: string; reasons: string[] }[];
};

test("before any interests, the profile's region and school stand in", async () => {
  await t.sql`update users set region = 'León', school = 'colegio centroamerica' where id = ${me.id}`;
  const list = await suggested();
  expect(list.map((c) => c.name)).toEqual(["oneTagLeon", "leonOnly", "schoolOnly"]);
  expect(list[2]!.reasons).toEqual(["Students from your school"]);
});

test("ranked by region first, then shared tags, school, activity and id, each with its reasons", async () => {
  const saved = await t.request("PUT", "/api/users/me/interests", {
    token: me.token,
    json: { tags: ["Robótica", "Ciencia"], region: "León", school: "Colegio Centroamérica" },
  });
  expect(saved.status).toBe(200);
  // Her region first (issue 50: a club in León before one she cannot reach), then tags.
  const expected = [
    ["oneTagLeon", ["Because you're interested in Robótica", "In León"]],
    ["leonOnly", ["In León"]],
    ["twoTagsOld", ["Because you're interested in Robótica", "Because you're interested in Ciencia"]],
    ["oneTagNew", ["Because you're interested in Ciencia"]],
    ["oneTagTwin", ["Because you're interested in Ciencia"]],
    ["schoolOnly", ["Students from your school"]],
  ];
  for (let run = 0; run < 3; run++) {
    const list = await suggested();
    expect(list.map((c) => [c.name, c.reasons])).toEqual(expected);
  }
  expect(ids.oneTagNew!).toBeLessThan(ids.oneTagTwin!);
});

test("never closed, owned, joined or pending clubs; reasons in the reader's language", async () => {
  const list = await suggested({ "accept-language": "es" });
  const names = list.map((c) => c.name);
  for (const excluded of ["closed", "owned", "joined", "pending", "nothing"])
    expect(names).not.toContain(excluded);
  expect(list[0]!.reasons).toEqual(["Porque te interesa Robótica", "En León"]);
  expect(list.at(-1)!.reasons).toEqual(["Estudiantes de tu colegio"]);
});

test("?limit= caps the list and keeps its head", async () => {
  const res = await t.request("GET", "/api/clubs/suggested?limit=2", { token: me.token });
  expect(res.body.map((c: { name: string }) => c.name)).toEqual(["oneTagLeon", "leonOnly"]);
  expect((await t.request("GET", "/api/clubs/suggested?limit=0", { token: me.token })).status).toBe(422);
});
