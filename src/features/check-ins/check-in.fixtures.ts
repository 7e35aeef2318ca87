import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";
import type { SessionUser } from "../../lib/session-token";

/** Shared arrangements for the check-in tests: a club with owner, member, outsider and an event. */
export function session(user: QuickUser, role: SessionUser["role"] = "member"): SessionUser {
  return { id: user.id, username: user.username, role, muteUntil: null };
}

export async function checkInWorld(t: TestApp, startsAt: Date) {
  const owner = await createQuickUser(t, { role: "owner" });
  const admin = await createQuickUser(t, { role: "admin" });
  const member = await createQuickUser(t);
  const outsider = await createQuickUser(t);
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club, "Ñandú"', 'd', ${owner.id}) returning id`;
  // A member since the day before the event: only people who were members at a check-in's
  // claimed time may check in, so the member must predate every time the tests claim.
  const since = new Date(startsAt.getTime() - 24 * 60 * 60_000).toISOString();
  await t.sql`insert into club_members (club_id, user_id, joined_at) values (${club!.id}, ${member.id}, ${since})`;
  const [event] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, title, is_event, event_date)
    values (${club!.id}, 'Torneo de ajedrez', true, ${startsAt.toISOString()}) returning id`;
  return { owner, admin, member, outsider, clubId: club!.id, eventId: event!.id };
}
