import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";

/** A direct message from `from` to `to` through the API. */
export function dm(t: TestApp, from: QuickUser, to: { id: number }, content = "hola") {
  return t.request("POST", `/api/messages/user/${to.id}`, { token: from.token, json: { content } });
}

function conversations(t: TestApp, user: QuickUser) {
  return t.request("GET", "/api/messages/conversations", { token: user.token });
}

/** The caller's direct conversation with `otherId` in their list, if any. */
export async function directRow(t: TestApp, user: QuickUser, otherId: number) {
  const res = await conversations(t, user);
  return (res.body as { type: string; id: number; request: boolean; awaiting_acceptance: boolean }[]).find(
    (row) => row.type === "user" && row.id === otherId,
  );
}

export async function badge(t: TestApp, user: QuickUser): Promise<number> {
  return (await t.request("GET", "/api/notifications", { token: user.token })).body as number;
}

/** A club (owned by `ownerId`, or by nobody) with these members, arranged in the database. */
export async function clubWith(t: TestApp, ownerId: number | null, memberIds: number[]) {
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id)
    values (${`Club ${Math.random().toString(36).slice(2, 8)}`}, 'Un club', ${ownerId}) returning id`;
  for (const id of memberIds)
    await t.sql`insert into club_members (club_id, user_id) values (${club!.id}, ${id})`;
  return club!.id;
}

export async function setWhoCanMessage(t: TestApp, user: QuickUser, value: string) {
  return t.request("PUT", "/api/users/me/notification-settings", {
    token: user.token,
    json: { who_can_message: value },
  });
}

/** Every role the matrix tests call with: a member, another member, an owner, an admin, a banned and a muted one. */
export async function roleCast(t: TestApp) {
  const [member, otherMember, owner, admin, banned, muted] = await Promise.all([
    createQuickUser(t),
    createQuickUser(t),
    createQuickUser(t, { role: "owner" }),
    createQuickUser(t, { role: "admin" }),
    createQuickUser(t),
    createQuickUser(t),
  ]);
  await t.sql`update users set ban_until = now() + interval '1 day' where id = ${banned!.id}`;
  await t.sql`update users set mute_until = now() + interval '1 day' where id = ${muted!.id}`;
  return {
    member: member!,
    otherMember: otherMember!,
    owner: owner!,
    admin: admin!,
    banned: banned!,
    muted: muted!,
  };
}

/** Marks two people as having accepted each other, for tests about something else than requests. */
export { markPairAccepted } from "./queries";
