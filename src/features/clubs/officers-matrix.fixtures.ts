import type { ClubPermission } from "../../../common/api/club-officers";
import { CLUB_PERMISSIONS } from "../../../common/api/club-officers";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";

/**
 * The club that the permission matrix (officers-matrix.test.ts) acts on: one club with an event,
 * its owner, a member, a stranger, an admin, and for each permission an officer holding only it
 * and one holding every other. Set up once by setUpMatrixClub; `calls` arranges its own targets.
 */
let t: TestApp;
let clubId: number;
let eventId: number;
export const people = {} as Record<"owner" | "member" | "stranger" | "admin", QuickUser>;
export const officersWith = {} as Record<ClubPermission, QuickUser>;
export const officersWithout = {} as Record<ClubPermission, QuickUser>;

export async function newMember(): Promise<QuickUser> {
  const user = await createQuickUser(t);
  // Members since yesterday, so a check-in at the event's time is theirs to have.
  await t.sql`insert into club_members (club_id, user_id, joined_at)
    values (${clubId}, ${user.id}, now() - interval '1 day')`;
  await t.sql`update clubs set member_count = member_count + 1 where id = ${clubId}`;
  return user;
}

export async function nameOfficer(permissions: ClubPermission[]): Promise<QuickUser> {
  const user = await newMember();
  const res = await t.request("PUT", `/api/clubs/${clubId}/officers/${user.id}`, {
    token: people.owner.token,
    json: { title: "Secretaria", permissions },
  });
  if (res.status !== 200) throw new Error(`naming failed ${res.status} ${JSON.stringify(res.body)}`);
  return user;
}

export async function newPost(): Promise<number> {
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
export const calls: Record<ClubPermission, Call[]> = {
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

export async function setUpMatrixClub(app: TestApp): Promise<{ clubId: number }> {
  t = app;
  Object.assign(people, {
    owner: await createQuickUser(t, { role: "owner" }),
    member: await createQuickUser(t),
    stranger: await createQuickUser(t),
    admin: await createQuickUser(t, { role: "admin" }),
  });
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
  return { clubId };
}
