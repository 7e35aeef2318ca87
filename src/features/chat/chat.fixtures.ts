import { createQuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";

/** Arranges clubs directly in the database, so chat tests do not depend on the clubs feature. */
export async function insertClub(
  t: TestApp,
  ownerId: number | null,
  name = `Club ${Math.random().toString(36).slice(2, 8)}`,
) {
  const rows = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values (${name}, 'A club', ${ownerId}) returning id`;
  return rows[0]!.id;
}

export async function addMember(t: TestApp, clubId: number, userId: number) {
  await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${userId})`;
}

export function send(t: TestApp, token: string, path: string, content: unknown) {
  return t.request("POST", path, { token, json: { content } });
}

/** A club with an owner and `count` members (quick users). */
export async function clubWithMembers(t: TestApp, count: number) {
  const owner = await createQuickUser(t, { role: "owner" });
  const clubId = await insertClub(t, owner.id);
  const members = [];
  for (let i = 0; i < count; i++) {
    const member = await createQuickUser(t);
    await addMember(t, clubId, member.id);
    members.push(member);
  }
  return { owner, clubId, members };
}
