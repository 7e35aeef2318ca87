import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { waitUntil } from "../../../test/wait";
import { addMember } from "../chat/chat.fixtures";
import { clubNamed, createPost, kindsOf, noticesOf, userIn } from "./notice.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  // Any club with more than two members fans out through the job queue.
  t = await setupTestApp({ NOTICE_FANOUT_INLINE_MAX: "2" }, { jobs: true, mail: true });
});
afterAll(() => t.close());

test("a big club's post answers first; the queue's worker stores every member's notice", async () => {
  const owner = await userIn(t, "en", "owner");
  const members = [await userIn(t, "es"), await userIn(t, "en"), await userIn(t, "en")];
  const clubId = await clubNamed(t, owner.id, "Club Enorme");
  for (const m of members) await addMember(t, clubId, m.id);
  await t.sql`update clubs set member_count = 3 where id = ${clubId}`;

  const postId = await createPost(t, owner, clubId, { title: "Asamblea general" });
  const storedFor = async () =>
    (
      await t.sql<{ user_id: number }[]>`
      select user_id from user_notices where post_id = ${postId} and kind = 'club_post'`
    ).map((r) => r.user_id);
  await waitUntil("the worker stored the members' notices", async () => (await storedFor()).length === 3);
  // It went through the queue (a job for this club), not the request.
  const jobs = await t.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = 'notice-fanout' and (data ->> 'clubId')::int = ${clubId}`;
  expect(jobs[0]!.n).toBe(1);
  expect((await storedFor()).sort()).toEqual(members.map((m) => m.id).sort());
  expect((await noticesOf(t, members[0]!))[0]).toMatchObject({
    kind: "club_post",
    post_id: postId,
    text: "Club Enorme publicó «Asamblea general».",
  });
  expect(await kindsOf(t, owner)).toEqual([]);
});
