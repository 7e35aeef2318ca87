import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";
import { createManyUsers } from "../posts/post.fixtures";

/** Test-only: a club with its owner and `count` members (tokens signed, no passwords hashed). */
export async function clubWithMembers(t: TestApp, count: number, prefix: string) {
  const owner = await createQuickUser(t, { role: "owner" });
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values (${`Club ${prefix}`}, 'A club', ${owner.id})
    returning id`;
  const members = await createManyUsers(t, count, prefix);
  for (const member of members) {
    await t.sql`insert into club_members (club_id, user_id) values (${club!.id}, ${member.id})`;
  }
  return { owner, clubId: club!.id, members };
}

export async function createPollAs(
  t: TestApp,
  user: Pick<QuickUser, "token">,
  clubId: number,
  body: Record<string, unknown> = {},
) {
  const res = await t.request("POST", `/api/clubs/${clubId}/polls`, {
    token: user.token,
    json: { question: "¿Sábado o domingo?", options: ["Sábado", "Domingo"], ...body },
  });
  if (res.status !== 201) throw new Error(`poll ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: number; post_id: number };
}

export function vote(t: TestApp, user: { token: string }, pollId: number, options: number[]) {
  return t.request("PUT", `/api/polls/${pollId}/vote`, { token: user.token, json: { options } });
}
