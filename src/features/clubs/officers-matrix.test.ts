import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ClubPermission } from "../../../common/api/club-officers";
import { CLUB_PERMISSIONS } from "../../../common/api/club-officers";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";

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
let eventId: number;
let people: Record<Exclude<Who, "officerWith" | "officerWithout">, QuickUser>;
const officersWith = {} as Record<ClubPermission, QuickUser>;
const officersWithout = {} as Record<ClubPermission, QuickUser>;

async function newMember(): Promise<QuickUser> {
  const user = await createQuickUser(t);
  // Members since yesterday, so a check-in at the event's time is theirs to have.
  await t.sql`insert into club_members (club_id, user_id, joined_at)
    values (${clubId}, ${user.id}, now() - interval '1 day')`;
  await t.sql`update clubs set member_count = member_count + 1 where id = ${clubId}`;
  return user;
}

async function nameOfficer(permissions: ClubPermission[]): Promise<QuickUser> {
  const user = await newMember();
  const res = await t.request("PUT", `/api/clubs/${clubId}/officers/${user.id}`, {
    token: people.owner.token,
    json: { title: "Secretaria", permissions },
  });
  if (res.status !== 200) throw new Error(`naming failed ${res.status} ${JSON.stringify(res.body)}`);
  return user;
}

async function newPost(): Promise<number> {
  const [row] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, title) values (${clubId}, 'Reunión') returning id`;
  return row!.id;
}

type Call = {
  name: string;
  run: (user: QuickUser) => Promise<{ status: number }>;
  ok: number;
  /** The spec keeps owners out of their club's chat, so only officers and admins moderate it. */
  ownerRefused?: true;
};

/** Each permission with the calls it governs; `run` arranges its own fresh target. */
const calls: Record<ClubPermission, Call[]> = {
  accept_requests: [
    {
      name: "accept a join request",
      ok: 200,
      run: async (user) => {
        const sender = await createQuickUser(t);
        const [req] = await t.sql<{ id: number }[]>`
          insert into connection_requests (club_id, user_id) values (${clubId}, ${sender.id}) returning id`;
        return await t.request("POST", `/api/connection-requests/${req!.id}/accept`, { token: user.token });
      },
    },
    {
      name: "decline a join request",
      ok: 200,
      run: async (user) => {
        const sender = await createQuickUser(t);
        const [req] = await t.sql<{ id: number }[]>`
          insert into connection_requests (club_id, user_id) values (${clubId}, ${sender.id}) returning id`;
        return await t.request("DELETE", `/api/connection-requests/${req!.id}`, { token: user.token });
      },
    },
    {
      name: "remove a member",
      ok: 200,
      run: async (user) => {
        const member = await newMember();
        return await t.request("DELETE", `/api/connections/${clubId}?user_id=${member.id}`, {
          token: user.token,
        });
      },
    },
    {
      name: "members CSV",
      ok: 200,
      run: async (user) => await t.request("GET", `/api/clubs/${clubId}/members.csv`, { token: user.token }),
    },
  ],
  post: [
    {
      name: "create a post",
      ok: 201,
      run: async (user) =>
        await t.request("POST", "/api/posts", {
          token: user.token,
          json: { club_id: clubId, title: "Aviso" },
        }),
    },
    {
      name: "create a poll",
      ok: 201,
      run: async (user) =>
        await t.request("POST", `/api/clubs/${clubId}/polls`, {
          token: user.token,
          json: { question: "¿Sábado o domingo?", options: ["Sábado", "Domingo"] },
        }),
    },
    {
      name: "edit a post",
      ok: 200,
      run: async (user) =>
        await t.request("PUT", `/api/posts/${await newPost()}`, {
          token: user.token,
          json: { title: "Nuevo" },
        }),
    },
    {
      name: "delete a post",
      ok: 204,
      run: async (user) => await t.request("DELETE", `/api/posts/${await newPost()}`, { token: user.token }),
    },
    {
      name: "close someone else's poll",
      ok: 200,
      run: async (user) => {
        const creator = await newMember();
        const postId = await newPost();
        const [poll] = await t.sql<{ id: number }[]>`
          insert into polls (post_id, club_id, creator_id, question, options)
          values (${postId}, ${clubId}, ${creator.id}, '¿Qué camiseta?', ${["Azul", "Blanca"]}) returning id`;
        return await t.request("POST", `/api/polls/${poll!.id}/close`, { token: user.token });
      },
    },
  ],
  check_in: [
    {
      name: "check-in code screen",
      ok: 200,
      run: async (user) =>
        await t.request("GET", `/api/posts/${eventId}/check-in-code`, { token: user.token }),
    },
    {
      name: "attendance list",
      ok: 200,
      run: async (user) => await t.request("GET", `/api/posts/${eventId}/check-ins`, { token: user.token }),
    },
    {
      name: "attendance CSV",
      ok: 200,
      run: async (user) =>
        await t.request("GET", `/api/posts/${eventId}/check-ins.csv`, { token: user.token }),
    },
    {
      name: "check someone in by hand",
      ok: 201,
      run: async (user) => {
        const member = await newMember();
        return await t.request("POST", `/api/posts/${eventId}/check-ins/manual`, {
          token: user.token,
          json: { user_id: member.id },
        });
      },
    },
    {
      name: "confirm a pending check-in",
      ok: 200,
      run: async (user) => {
        const member = await newMember();
        await t.sql`insert into event_check_ins (post_id, user_id, checked_in_at, status)
          values (${eventId}, ${member.id}, now(), 'pending')`;
        return await t.request("POST", `/api/posts/${eventId}/check-ins/${member.id}/confirm`, {
          token: user.token,
        });
      },
    },
    {
      name: "RSVP list of the event",
      ok: 200,
      run: async (user) => await t.request("GET", `/api/posts/${eventId}/attendees`, { token: user.token }),
    },
  ],
  moderate_chat: [
    {
      name: "delete someone's message in the club chat",
      ok: 204,
      ownerRefused: true,
      run: async (user) => {
        const chatter = await newMember();
        const sent = await t.request("POST", `/api/messages/club/${clubId}`, {
          token: chatter.token,
          json: { content: "hola a todos" },
        });
        if (sent.status !== 201) throw new Error(`send failed ${sent.status} ${JSON.stringify(sent.body)}`);
        return await t.request("DELETE", `/api/messages/${sent.body.id}`, { token: user.token });
      },
    },
    {
      name: "pin a message in the club chat",
      ok: 200,
      ownerRefused: true,
      run: async (user) => {
        const chatter = await newMember();
        const sent = await t.request("POST", `/api/messages/club/${clubId}`, {
          token: chatter.token,
          json: { content: "fijame" },
        });
        return await t.request("POST", `/api/messages/${sent.body.id}/pin`, { token: user.token });
      },
    },
    {
      name: "unpin the club chat's pinned message",
      ok: 204,
      ownerRefused: true,
      run: async (user) => {
        const chatter = await newMember();
        const sent = await t.request("POST", `/api/messages/club/${clubId}`, {
          token: chatter.token,
          json: { content: "fijado" },
        });
        await t.sql`insert into club_chat_pins (club_id, message_id) values (${clubId}, ${sent.body.id})
          on conflict (club_id) do update set message_id = excluded.message_id`;
        return await t.request("DELETE", `/api/messages/${sent.body.id}/pin`, { token: user.token });
      },
    },
  ],
  edit_club: [
    {
      name: "edit the club's page",
      ok: 200,
      run: async (user) =>
        await t.request("PUT", `/api/clubs/${clubId}`, { token: user.token, json: { description: "Nueva" } }),
    },
    {
      name: "the club's dashboard",
      ok: 200,
      run: async (user) => await t.request("GET", `/api/clubs/${clubId}/dashboard`, { token: user.token }),
    },
  ],
};

beforeAll(async () => {
  t = await setupTestApp();
  people = {
    owner: await createQuickUser(t, { role: "owner" }),
    member: await createQuickUser(t),
    stranger: await createQuickUser(t),
    admin: await createQuickUser(t, { role: "admin" }),
  };
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club de Ajedrez', 'd', ${people.owner.id}) returning id`;
  clubId = club!.id;
  await t.sql`insert into club_members (club_id, user_id, joined_at) values (${clubId}, ${people.member.id}, now() - interval '1 day')`;
  await t.sql`update clubs set member_count = 1 where id = ${clubId}`;
  // Starts in 30 minutes: check-in is open (it opens an hour before).
  const [event] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, title, is_event, event_date)
    values (${clubId}, 'Torneo', true, now() + interval '30 minutes') returning id`;
  eventId = event!.id;
  for (const permission of CLUB_PERMISSIONS) {
    officersWith[permission] = await nameOfficer([permission]);
    officersWithout[permission] = await nameOfficer(CLUB_PERMISSIONS.filter((p) => p !== permission));
  }
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
