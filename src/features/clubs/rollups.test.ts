import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { selectTopClubs } from "./queries";

setDefaultTimeout(60_000);

let t: TestApp;

beforeAll(async () => {
  t = await setupTestApp();
});

afterAll(async () => {
  await t.close();
});

/** The statement the rollup replaced, over every club's tags. */
async function recountedTags() {
  return await t.sql<{ tag: string; count: number }[]>`
    select min(trim(t.tag)) as tag, count(distinct c.id)::int as count
    from clubs c cross join unnest(string_to_array(c.tags, ',')) as t(tag)
    where trim(t.tag) <> '' group by f_unaccent(lower(trim(t.tag)))
    order by count(distinct c.id) desc, min(trim(t.tag))`;
}

async function tagCounts() {
  const res = await t.request("GET", "/api/clubs/tags");
  expect(res.status).toBe(200);
  return res.body as { tag: string; count: number }[];
}

describe("tag counts kept by the clubs trigger", () => {
  test("inserts, tag edits, other updates and deletes give what a full recount gives", async () => {
    const [a] = await t.sql<{ id: number }[]>`insert into clubs (name, description, tags)
      values ('Rollup A', 'd', 'Música, Tecnología,  , Arte') returning id`;
    await t.sql`insert into clubs (name, description, tags)
      values ('Rollup B', 'd', 'musica, ciencia'), ('Rollup C', 'd', ''), ('Rollup D', 'd', 'Ciencia,Ciencia')`;
    expect(await tagCounts()).toEqual(await recountedTags());
    await t.sql`update clubs set tags = 'Teatro, arte' where id = ${a!.id}`;
    await t.sql`update clubs set member_count = member_count + 1`;
    expect(await tagCounts()).toEqual(await recountedTags());
    expect((await tagCounts()).find((x) => x.tag === "Música")).toBeUndefined();
    await t.sql`delete from clubs where name in ('Rollup B', 'Rollup D')`;
    expect(await tagCounts()).toEqual(await recountedTags());
    expect((await tagCounts()).find((x) => x.tag.toLowerCase() === "ciencia")).toBeUndefined();
  });
});

describe("top clubs' recent posts kept by the posts trigger", () => {
  async function recent(clubId: number) {
    const rows = await selectTopClubs(t.db, 1000);
    const [row] = await t.sql<
      { posts: number }[]
    >`select posts from club_recent_posts where club_id = ${clubId}`;
    return { listed: rows.some((r) => r.id === clubId), posts: row?.posts ?? 0 };
  }

  test("new posts count, deleted and moved ones stop counting, old ones never count", async () => {
    const [club] = await t.sql<
      { id: number }[]
    >`insert into clubs (name, description) values ('Top A', 'd') returning id`;
    const [other] = await t.sql<
      { id: number }[]
    >`insert into clubs (name, description) values ('Top B', 'd') returning id`;
    const posts = await t.sql<{ id: number }[]>`insert into posts (club_id, title)
      select ${club!.id}, 'p' || g from generate_series(1, 3) g returning id`;
    await t.sql`insert into posts (club_id, title, created_at) values (${club!.id}, 'old', now() - interval '31 days')`;
    expect((await recent(club!.id)).posts).toBe(3);
    await t.sql`delete from posts where id = ${posts[0]!.id}`;
    await t.sql`update posts set club_id = ${other!.id} where id = ${posts[1]!.id}`;
    expect((await recent(club!.id)).posts).toBe(1);
    expect((await recent(other!.id)).posts).toBe(1);
  });

  test("a post leaves the count the moment it is 30 days old (the read sweeps first)", async () => {
    const [club] = await t.sql<
      { id: number }[]
    >`insert into clubs (name, description) values ('Top C', 'd') returning id`;
    await t.sql`insert into posts (club_id, title, created_at)
      values (${club!.id}, 'ageing', now() - interval '30 days' + interval '2 seconds')`;
    await t.sql`select sweep_recent_posts(30)`;
    expect((await recent(club!.id)).posts).toBe(1);
    await Bun.sleep(2500);
    expect((await recent(club!.id)).posts).toBe(0);
  });

  test("the order is members + 3 × posts of the last 30 days, as the full count gives", async () => {
    const top = await selectTopClubs(t.db, 12);
    const full = await t.sql<{ id: number }[]>`
      select c.id from clubs c left join (
        select club_id, count(*)::int as n from posts where created_at > now() - interval '30 days' group by club_id
      ) r on r.club_id = c.id
      order by c.member_count + 3 * coalesce(r.n, 0) desc, c.member_count desc, c.id limit 12`;
    expect(top.map((c) => c.id)).toEqual(full.map((c) => c.id));
  });
});
