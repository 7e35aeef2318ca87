import type { TestApp } from "../../../test/harness";
import type { QuickUser } from "./user.fixtures";

/**
 * What the officer and handover tests read and write: a club with members and one post, its
 * state (owner, members, posts), its officers as a member sees them, its audit lines, the
 * transfer notices a person got, and the handover calls.
 */
export function handoverKit(t: TestApp) {
  return {
    async clubWith(owner: QuickUser, members: QuickUser[]) {
      const [club] = await t.sql<{ id: number }[]>`
        insert into clubs (name, description, owner_id, member_count)
        values ('Club de Teatro', 'd', ${owner.id}, ${members.length}) returning id`;
      for (const m of members)
        await t.sql`insert into club_members (club_id, user_id) values (${club!.id}, ${m.id})`;
      await t.sql`insert into posts (club_id, title) values (${club!.id}, 'Ensayo')`;
      return club!.id;
    },

    async clubState(clubId: number) {
      const [club] = await t.sql<{ owner_id: number; member_count: number; posts: number }[]>`
        select owner_id, member_count, (select count(*)::int from posts where club_id = ${clubId}) as posts
        from clubs where id = ${clubId}`;
      const members = await t.sql<{ user_id: number }[]>`
        select user_id from club_members where club_id = ${clubId} order by user_id`;
      return { ...club!, members: members.map((m) => m.user_id) };
    },

    async officersOf(clubId: number, user: QuickUser) {
      const res = await t.request("GET", `/api/clubs/${clubId}/officers`, { token: user.token });
      return res.body as { user_id: number; title: string; permissions: string[] }[];
    },

    async auditOf(clubId: number) {
      const rows = await t.sql<{ action: string }[]>`
        select action from audit_log where target_type = 'club' and target_id = ${clubId} order by id`;
      return rows.map((r) => r.action);
    },

    async transferNotices(user: QuickUser) {
      const rows = await t.sql<{ role: string }[]>`
        select role from user_notices where user_id = ${user.id} and kind = 'club_transfer' order by id`;
      return rows.map((r) => r.role);
    },

    /** `POST /api/clubs/{id}/transfer` by `by`, offering the club to `to`, with the offer's options. */
    offer(clubId: number, by: QuickUser, to: { id: number }, options: Record<string, unknown> = {}) {
      return t.request("POST", `/api/clubs/${clubId}/transfer`, {
        token: by.token,
        json: { to_user_id: to.id, ...options },
      });
    },

    /** The person offered (or anyone else) answers: accept or decline. */
    answer(clubId: number, by: QuickUser, answer: "accept" | "decline") {
      return t.request("POST", `/api/clubs/${clubId}/transfer/${answer}`, { token: by.token });
    },
  };
}
