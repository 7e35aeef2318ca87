import type { TestApp } from "../../../test/harness";

/** Test-only: an event straight in the database (the post API is covered by the posts tests). */
export async function insertEvent(
  t: TestApp,
  clubId: number,
  options: { startsInMs?: number; capacity?: number | null; title?: string; location?: string } = {},
) {
  const date = new Date(Date.now() + (options.startsInMs ?? 7 * 24 * 3600 * 1000));
  const rows = await t.sql<{ id: number }[]>`
    insert into posts (club_id, title, is_event, event_date, event_location, capacity)
    values (${clubId}, ${options.title ?? "Feria de ciencias"}, true, ${date.toISOString()},
      ${options.location ?? "UNAN-Managua, Aula 12"}, ${options.capacity ?? null})
    returning id`;
  return { id: rows[0]!.id, date };
}

/** The counts on the post and the rows they count, to compare. */
export async function eventState(t: TestApp, postId: number) {
  const [post] = await t.sql<{ going_count: number; waitlist_count: number; capacity: number | null }[]>`
    select going_count, waitlist_count, capacity from posts where id = ${postId}`;
  const rows = await t.sql<{ user_id: number; status: string; seq: string }[]>`
    select user_id, status, seq from event_rsvps where post_id = ${postId} order by seq`;
  return {
    post: post!,
    rows,
    going: rows.filter((r) => r.status === "going"),
    waitlisted: rows.filter((r) => r.status === "waitlisted"),
  };
}
