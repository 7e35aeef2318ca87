import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { connectDatabase } from "../../lib/database/client";
import { currentWatchList, followWatchListChanges } from "./list-cache";
import { seedEntries, seedWatchedWordsOnce } from "./seed";
import { auditActions, watchWords } from "./watched-words.fixtures";

setDefaultTimeout(60_000);
let t: TestApp;
let admin: QuickUser;
let author: QuickUser;
let reader: QuickUser;
let postId: number;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await createQuickUser(t, { role: "admin" });
  author = await createQuickUser(t);
  reader = await createQuickUser(t);
  const owner = await createQuickUser(t, { role: "owner" });
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club Retenido', 'Un club', ${owner.id}) returning id`;
  const [post] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, author_id, title) values (${club!.id}, ${owner.id}, 'Feria') returning id`;
  postId = post!.id;
  await watchWords(t, admin.token, { baboso: "hold", idiota: "flag" });
});
afterAll(() => t.close());

const comments = (token: string) => t.request("GET", `/api/posts/${postId}/comments`, { token });
const commentCount = async () =>
  (await t.sql<{ c: number }[]>`select comment_count as c from posts where id = ${postId}`)[0]!.c;
const queue = async () => (await t.request("GET", "/api/admin/reports", { token: admin.token })).body;
const resolve = (id: number, action: string) =>
  t.request("POST", "/api/admin/reports/resolve", {
    token: admin.token,
    json: { target_type: "comment", target_id: id, action },
  });

describe("held comments", () => {
  test("visible only to its author, uncounted, until an admin approves it in the queue", async () => {
    const sent = await t.request("POST", `/api/posts/${postId}/comments`, {
      token: author.token,
      json: { content: "Qué baboso sos" },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.id as number;
    expect((await comments(author.token)).body.map((c: any) => [c.id, c.pending_review])).toEqual([
      [id, true],
    ]);
    expect((await comments(reader.token)).body).toEqual([]);
    expect((await comments(admin.token)).body).toEqual([]);
    expect(await commentCount()).toBe(0);

    const group = (await queue()).find((g: any) => g.target_type === "comment" && g.target_id === id);
    expect(group).toMatchObject({
      held: true,
      snapshot: "Qué baboso sos",
      highlights: [{ start: 4, end: 10 }],
    });
    expect(group.reports).toMatchObject([{ reporter: null, reason: "other", details: "baboso" }]);

    expect((await resolve(id, "approve")).status).toBe(200);
    expect((await comments(reader.token)).body.map((c: any) => [c.id, c.pending_review])).toEqual([
      [id, false],
    ]);
    expect(await commentCount()).toBe(1);
    expect((await auditActions(t, "held.approve")).map((a) => [a.actor_id, a.target_id])).toEqual([
      [admin.id, id],
    ]);
    expect((await queue()).some((g: any) => g.target_id === id && g.target_type === "comment")).toBe(false);
  });

  test("rejecting deletes it; approve is refused for content that is not held", async () => {
    const sent = await t.request("POST", `/api/posts/${postId}/comments`, {
      token: author.token,
      json: { content: "baboso" },
    });
    const id = sent.body.id as number;
    const before = await commentCount();
    expect((await resolve(id, "delete")).status).toBe(200);
    expect(await t.sql`select 1 from comments where id = ${id}`).toHaveLength(0);
    expect(await commentCount()).toBe(before);
    expect((await auditActions(t, "held.reject")).map((a) => a.target_id)).toEqual([id]);

    const flagged = await t.request("POST", `/api/posts/${postId}/comments`, {
      token: author.token,
      json: { content: "idiota" },
    });
    expect((await comments(reader.token)).body.map((c: any) => c.id)).toContain(flagged.body.id);
    const refused = await resolve(flagged.body.id, "approve");
    expect(refused.status).toBe(409);
    expect((await resolve(flagged.body.id, "dismiss")).status).toBe(200);
  });
});

describe("the list", () => {
  test("another replica drops its cached list when the list changes (change feed)", async () => {
    const replica = connectDatabase(t.deps.config.DATABASE_URL!);
    try {
      followWatchListChanges({ db: replica.db, logger: t.deps.logger });
      const words = async () => [...(await currentWatchList(replica.db)).byFirstWord.keys()];
      expect(await words()).not.toContain("zapato");
      await watchWords(t, admin.token, { zapato: "flag" });
      // The notice arrives asynchronously; poll (bounded) rather than assert a time.
      for (let i = 0; i < 100 && !(await words()).includes("zapato"); i++) await Bun.sleep(50);
      expect(await words()).toContain("zapato");
    } finally {
      await replica.close();
    }
  });

  test("seeding happens once per installation, from a list with Spanish, insults held, the rest flagged", async () => {
    const entries = seedEntries();
    expect(entries.find((e) => e.word === "Hijo de puta")?.action).toBe("hold");
    expect(entries.find((e) => e.word === "martillo")?.action).toBe("flag");
    expect(new Set(entries.map((e) => e.action))).toEqual(new Set(["hold", "flag"]));
    await Promise.all([seedWatchedWordsOnce(t.deps), seedWatchedWordsOnce(t.deps)]);
    const [seeded] = await t.sql<{ count: number }[]>`select count(*)::int as count from watched_words`;
    expect(seeded!.count).toBeGreaterThan(entries.length - 5);
    expect(await auditActions(t, "watched_word.seed")).toHaveLength(1);
    await t.sql`delete from watched_words`;
    await seedWatchedWordsOnce(t.deps);
    expect(await t.sql`select 1 from watched_words`).toHaveLength(0);
  });
});
