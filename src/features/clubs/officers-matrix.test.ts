import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ClubPermission } from "../../../common/api/club-officers";
import { CLUB_PERMISSIONS } from "../../../common/api/club-officers";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import {
  calls,
  nameOfficer,
  newMember,
  newPost,
  officersWith,
  officersWithout,
  people,
  setUpMatrixClub,
} from "./officers-matrix.fixtures";

/**
 * The permission matrix (issue 49): every call an officer may be given, called by the owner,
 * an officer with that permission, an officer with every other permission, a member, a
 * stranger and an admin. The owner, the officer with it and the admin succeed; the rest 403.
 */
setDefaultTimeout(120_000);

let t: TestApp;
type Who = "owner" | "officerWith" | "officerWithout" | "member" | "stranger" | "admin";
const ALLOWED: Who[] = ["owner", "officerWith", "admin"];
const REFUSED: Who[] = ["officerWithout", "member", "stranger"];

let clubId: number;

beforeAll(async () => {
  t = await setupTestApp();
  ({ clubId } = await setUpMatrixClub(t));
});
afterAll(() => t.close());

function userFor(who: Who, permission: ClubPermission): QuickUser {
  if (who === "officerWith") return officersWith[permission];
  if (who === "officerWithout") return officersWithout[permission];
  return people[who];
}

describe("each permission × each call it governs × each kind of caller", () => {
  for (const permission of CLUB_PERMISSIONS) {
    for (const call of calls[permission]) {
      test(`${permission}: ${call.name}`, async () => {
        const got: Record<string, number> = {};
        for (const who of [...ALLOWED, ...REFUSED])
          got[who] = (await call.run(userFor(who, permission))).status;
        const expected = Object.fromEntries([
          ...ALLOWED.map((who) => [who, call.ok]),
          ...REFUSED.map((who) => [who, 403]),
          ...(call.ownerRefused ? [["owner", 403]] : []),
        ]);
        expect(got).toEqual(expected);
      });
    }
  }
});

test("an officer with accept_requests sees the club's requests when asking by club_id; others see none", async () => {
  const sender = await createQuickUser(t);
  await t.sql`insert into connection_requests (club_id, user_id) values (${clubId}, ${sender.id})`;
  const listed = async (user: QuickUser) =>
    (
      (await t.request("GET", `/api/connection-requests/received?club_id=${clubId}`, { token: user.token }))
        .body as { user_id: number }[]
    ).map((r) => r.user_id);
  expect(await listed(officersWith.accept_requests)).toContain(sender.id);
  expect(await listed(officersWithout.accept_requests)).toEqual([]);
  expect(await listed(people.member)).toEqual([]);
});

test("my_permissions in the club's JSON says what the signed-in viewer may do here", async () => {
  const mine = async (user: QuickUser) =>
    (
      (await t.request("GET", `/api/clubs/${clubId}`, { token: user.token })).body as {
        my_permissions?: string[];
      }
    ).my_permissions;
  expect(await mine(officersWith.accept_requests)).toEqual(["accept_requests"]);
  expect(await mine(officersWithout.post)).toEqual([
    "accept_requests",
    "check_in",
    "moderate_chat",
    "edit_club",
  ]);
  expect(await mine(people.member)).toEqual([]);
  expect(await mine(people.stranger)).toEqual([]);
  // The owner stays out of the club's chat, so holds every permission but moderate_chat.
  expect(await mine(people.owner)).toEqual(["accept_requests", "post", "check_in", "edit_club"]);
  expect(await mine(people.admin)).toEqual([...CLUB_PERMISSIONS]);
  const guest = (await t.request("GET", `/api/clubs/${clubId}`)).body as { my_permissions?: string[] };
  expect(guest.my_permissions).toBeUndefined();
});

test("an officer is a member: leaving the club takes them off the Directiva", async () => {
  const officer = await nameOfficer(["post"]);
  expect(
    (await t.request("DELETE", `/api/clubs/${clubId}/membership`, { token: officer.token })).status,
  ).toBe(200);
  const rows = await t.sql`select 1 from club_officers where club_id = ${clubId} and user_id = ${officer.id}`;
  expect(rows.length).toBe(0);
  const created = await t.request("POST", "/api/posts", {
    token: officer.token,
    json: { club_id: clubId, title: "Ya no" },
  });
  expect(created.status).toBe(403);
});

test("a poll's can_close says what closing it answers: its creator and whoever holds post", async () => {
  const creator = await newMember();
  const postId = await newPost();
  const [poll] = await t.sql<{ id: number }[]>`
    insert into polls (post_id, club_id, creator_id, question, options)
    values (${postId}, ${clubId}, ${creator.id}, '¿Sábado o domingo?', ${["Sábado", "Domingo"]}) returning id`;
  const canClose = async (user: QuickUser) =>
    ((await t.request("GET", `/api/polls/${poll!.id}`, { token: user.token })).body as { can_close: boolean })
      .can_close;
  expect({
    creator: await canClose(creator),
    owner: await canClose(people.owner),
    officerWith: await canClose(officersWith.post),
    officerWithout: await canClose(officersWithout.post),
    member: await canClose(people.member),
    admin: await canClose(people.admin),
  }).toEqual({
    creator: true,
    owner: true,
    officerWith: true,
    officerWithout: false,
    member: false,
    admin: true,
  });
});
