import type postgres from "postgres";
import { PRODUCTION_PASSWORD_COST } from "../../src/config";
import type { Database } from "../../src/lib/database/client";
import { hashPassword } from "../../src/lib/passwords";
import { buildMessages, buildPosts, buildReactions } from "./activity";
import { buildClubRows, buildMemberships, buildRequests, type SeededClub } from "./club-rows";
import { CLUB_SEEDS } from "./club-seeds";
import { buildPeople, DEMO_ADMIN, DEMO_MEMBER, DEMO_OWNER, DEMO_PASSWORD } from "./people";
import { drawPictures } from "./pictures";
import { createRandom } from "./random";

export { DEMO_ADMIN, DEMO_MEMBER, DEMO_OWNER, DEMO_PASSWORD };

export type SeedResult =
  | { seeded: false; reason: string }
  | { seeded: true; counts: Record<string, number>; ms: number };

/** drizzle turns off postgres.js's Date serializer on this client, so timestamps go as ISO text. */
function plain<T extends object>(rows: T[]) {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
  );
}

/**
 * Fills a database with demo data: 40 clubs across the four regions with owners, members,
 * pending requests, posts, events, likes, comments and chats, plus an admin. Deterministic (a
 * seeded PRNG); does nothing when the demo clubs are already there. Pictures are stored first
 * (content-addressed, harmless if the rest fails); everything else is one transaction.
 */
export async function seedDemoData({
  db,
  sql,
  log = () => {},
}: {
  db: Database;
  sql: postgres.Sql;
  log?: (message: string) => void;
}): Promise<SeedResult> {
  const started = Date.now();
  const existing = await sql`select 1 from clubs where name = ${CLUB_SEEDS[0]!.name} limit 1`;
  if (existing.length) return { seeded: false, reason: "the demo clubs are already there" };
  const rand = createRandom(20_260_505);
  const now = Date.now();

  log("drawing pictures…");
  const pictures = await drawPictures(db);
  log("hashing passwords…");
  const [demoHash, adminHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD, PRODUCTION_PASSWORD_COST),
    hashPassword(DEMO_ADMIN.password, PRODUCTION_PASSWORD_COST),
  ]);

  const counts = await sql.begin(async (tx) => {
    const people = buildPeople({ rand, demoHash, adminHash });
    // An admin made from ADMIN_USERNAME at start-up keeps its own password.
    await tx`insert into users ${tx(people)} on conflict (username) do nothing`;
    const idRows = await tx<{ id: number; username: string }[]>`
      select id, username from users where username in ${tx(people.map((p) => p.username))}`;
    const idOf = new Map(idRows.map((r) => [r.username.toLowerCase(), r.id]));
    const id = (username: string) => idOf.get(username.toLowerCase())!;
    const owners = people.filter((p) => p.role === "owner").map((p) => id(p.username));
    const memberIds = people.filter((p) => p.role === "member").map((p) => id(p.username));
    const demoOwnerId = id(DEMO_OWNER);
    const studentId = id(DEMO_MEMBER);

    const clubRows = buildClubRows({ rand, pictures, ownerIds: owners, adminId: id(DEMO_ADMIN.username) });
    const clubs = await tx<SeededClub[]>`insert into clubs ${tx(clubRows)} returning id, owner_id`;
    const clubIds = clubs.map((c) => c.id);

    const memberships = buildMemberships({ rand, clubs, memberIds, studentId });
    await tx`insert into club_members ${tx(memberships.rows)}`;
    await tx`update clubs c set member_count = (select count(*) from club_members m where m.club_id = c.id)
      where c.id in ${tx(clubIds)}`;
    const { membersOf } = memberships;
    const requests = buildRequests({ rand, clubs, membersOf, memberIds, studentId, demoOwnerId });
    await tx`insert into connection_requests ${tx(requests)}`;

    const postRows = buildPosts({ rand, clubs, pictures, now });
    const posts = await tx<{ id: number; club_id: number }[]>`
      insert into posts ${tx(plain(postRows))} returning id, club_id`;
    const reactions = buildReactions({ rand, posts, membersOf, now });
    if (reactions.likes.length) await tx`insert into post_likes ${tx(reactions.likes)}`;
    if (reactions.favorites.length) await tx`insert into post_favorites ${tx(reactions.favorites)}`;
    if (reactions.comments.length) await tx`insert into comments ${tx(plain(reactions.comments))}`;
    // Counters exactly as the posts feature keeps them: equal to the rows they count.
    await tx`update posts p set
        like_count = (select count(*) from post_likes l where l.post_id = p.id),
        favorite_count = (select count(*) from post_favorites f where f.post_id = p.id),
        comment_count = (select count(*) from comments c where c.post_id = p.id),
        views = (select count(*) from post_likes l where l.post_id = p.id) * 3 + 7
      where p.id in ${tx(posts.map((p) => p.id))}`;
    // Views are counted twice as the app counts them (posts.views and the per-day rows the
    // dashboard sums), so /recruiting's totals and its table agree on demo data too.
    await tx`insert into post_view_days (post_id, club_id, day, views)
      select id, club_id, (created_at at time zone interval '-06:00')::date, views from posts
      where id in ${tx(posts.map((p) => p.id))} and views > 0`;
    await tx`update clubs c set last_activity_at = coalesce(
        (select max(created_at) from posts p where p.club_id = c.id), c.last_activity_at)
      where c.id in ${tx(clubIds)}`;

    const messages = buildMessages({ rand, clubs, membersOf, studentId, demoOwnerId, now });
    await tx`insert into messages ${tx(plain(messages))}`;
    const studentClub = clubs.find((c) => membersOf.get(c.id)!.includes(studentId));
    if (studentClub) {
      await tx`insert into user_notices (user_id, kind, club_id)
        values (${studentId}, 'request_accepted', ${studentClub.id})`;
    }

    return {
      users: people.length,
      clubs: clubs.length,
      memberships: memberships.rows.length,
      requests: requests.length,
      posts: posts.length,
      events: postRows.filter((p) => p.is_event).length,
      likes: reactions.likes.length,
      comments: reactions.comments.length,
      messages: messages.length,
      images: pictures.clubs.length * 2 + [...pictures.posts.values()].flat().length,
    };
  });
  return { seeded: true, counts, ms: Date.now() - started };
}
