import type { NoticeJson } from "../../../common/api/notices";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";
import { postForm } from "../posts/post.fixtures";

/** A user with a profile and a saved language (notices are rendered in it). */
export async function userIn(
  t: TestApp,
  locale: "es" | "en",
  role: "member" | "owner" | "admin" = "member",
): Promise<QuickUser> {
  const user = await createQuickUser(t, { role });
  await t.sql`update users set locale = ${locale} where id = ${user.id}`;
  return user;
}

/** The reader's notices (the harness sends no language header: the saved one applies). */
export async function noticesOf(t: TestApp, user: QuickUser, query = ""): Promise<NoticeJson[]> {
  const res = await t.request("GET", `/api/notifications/notices${query}`, { token: user.token });
  if (res.status !== 200) throw new Error(`notices ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function kindsOf(t: TestApp, user: QuickUser): Promise<string[]> {
  return (await noticesOf(t, user)).map((n) => n.kind);
}

export async function createPost(
  t: TestApp,
  owner: QuickUser,
  clubId: number,
  fields: Record<string, string>,
) {
  const res = await t.request("POST", "/api/posts", {
    token: owner.token,
    multipart: postForm({ club_id: String(clubId), ...fields }),
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`post ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

export async function clubNamed(t: TestApp, ownerId: number | null, name: string): Promise<number> {
  const rows = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values (${name}, 'A club', ${ownerId}) returning id`;
  return rows[0]!.id;
}
