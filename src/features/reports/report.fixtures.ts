import type { TestApp } from "../../../test/harness";
import { createManyUsers } from "../posts/post.fixtures";

/** Test-only: a club with an owner and members, a post, a comment thread and chats to report. */
export async function createReportWorld(t: TestApp, prefix: string) {
  const [owner, author, reporter, other, admin, muted, banned] = await createManyUsers(t, 7, prefix);
  await t.sql`update users set role = 'owner' where id = ${owner!.id}`;
  await t.sql`update users set role = 'admin' where id = ${admin!.id}`;
  await t.sql`update users set mute_until = now() + interval '1 day' where id = ${muted!.id}`;
  await t.sql`update users set ban_until = now() + interval '1 day' where id = ${banned!.id}`;
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values (${`Club ${prefix}`}, 'Un club', ${owner!.id}) returning id`;
  const clubId = club!.id;
  for (const u of [author, reporter, muted, banned]) {
    await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${u!.id})`;
  }
  const [post] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, author_id, title, content) values (${clubId}, ${author!.id}, 'Feria', 'Vengan')
    returning id`;
  const postId = post!.id;
  const comments: number[] = [];
  for (const [i, who] of [reporter, author, reporter, author].entries()) {
    const [row] = await t.sql<{ id: number }[]>`
      insert into comments (post_id, user_id, content, created_at)
      values (${postId}, ${who!.id}, ${`comment ${i}`}, now() + ${`${i} seconds`}::interval) returning id`;
    comments.push(row!.id);
  }
  await t.sql`update posts set comment_count = 4 where id = ${postId}`;
  const direct = await sendAs(t, author!.token, `/api/messages/user/${reporter!.id}`, "mensaje feo");
  await sendAs(t, reporter!.token, `/api/messages/club/${clubId}`, "hola club");
  const clubMessage = await sendAs(t, author!.token, `/api/messages/club/${clubId}`, "spam spam");
  await sendAs(t, reporter!.token, `/api/messages/club/${clubId}`, "eso es spam");
  return {
    owner: owner!,
    author: author!,
    reporter: reporter!,
    other: other!,
    admin: admin!,
    muted: muted!,
    banned: banned!,
    clubId,
    postId,
    // comments[1] and [3] are the author's; [1] sits in the middle of the thread.
    comments,
    directMessageId: direct,
    clubMessageId: clubMessage,
  };
}

async function sendAs(t: TestApp, token: string, path: string, content: string): Promise<number> {
  const res = await t.request("POST", path, { token, json: { content } });
  if (res.status !== 201) throw new Error(`send failed: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

export function report(
  t: TestApp,
  token: string | null,
  body: { target_type: string; target_id: number; reason?: string; details?: string; block_author?: unknown },
) {
  return t.request("POST", "/api/reports", { token, json: { reason: "harassment", ...body } });
}
