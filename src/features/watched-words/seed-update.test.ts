import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import en from "naughty-words/en.json";
import es from "naughty-words/es.json";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { skeletonOfText } from "../../lib/word-matching/normalise";
import { seedWatchedWordsOnce } from "./seed";
import { auditActions, watchWords } from "./watched-words.fixtures";

setDefaultTimeout(60_000);
let t: TestApp;
let admin: QuickUser;

/** An installation seeded by the first version: LDNOOBW's lists, every entry flagged, in one transaction. */
async function seedAsBefore() {
  const seen = new Set<string>();
  const rows = [...es, ...en]
    .map((word) => ({ word: word.trim(), match_key: skeletonOfText(word), action: "flag" }))
    .filter((r) => r.match_key && !seen.has(r.match_key) && seen.add(r.match_key));
  await t.sql.begin(async (sql) => {
    await sql`insert into watched_words ${sql(rows, "word", "match_key", "action")}`;
    await sql`insert into audit_log (action, target_type, details)
      values ('watched_word.seed', 'watched_word', '{"source": "naughty-words 1.2.0"}')`;
  });
}

const actionOf = async (word: string) =>
  (
    await t.sql<
      { action: string }[]
    >`select action from watched_words where match_key = ${skeletonOfText(word)}`
  )[0]?.action ?? null;
const idOf = async (word: string) =>
  (await t.sql<{ id: number }[]>`select id from watched_words where match_key = ${skeletonOfText(word)}`)[0]!
    .id;

beforeAll(async () => {
  t = await setupTestApp();
  admin = await createQuickUser(t, { role: "admin" });
  await seedAsBefore();
  // What the admins did since: changed one seeded word and set it back, deleted one, added one.
  const puta = await idOf("Puta");
  for (const action of ["censor", "flag"]) {
    const res = await t.request("PUT", `/api/admin/watched-words/${puta}`, {
      token: admin.token,
      json: { action },
    });
    expect(res.status).toBe(200);
  }
  const culo = await idOf("Culo");
  expect((await t.request("DELETE", `/api/admin/watched-words/${culo}`, { token: admin.token })).status).toBe(
    204,
  );
  await watchWords(t, admin.token, { chocho: "censor" });
});
afterAll(() => t.close());

describe("an installation seeded before the Nicaraguan list takes it once at start-up", () => {
  test("insults and sexual terms the admins left alone become hold; their own decisions stay", async () => {
    expect(await actionOf("Hijo de puta")).toBe("flag");
    expect(await actionOf("hijueputa")).toBeNull();

    await Promise.all([seedWatchedWordsOnce(t.deps), seedWatchedWordsOnce(t.deps)]);

    // Seeded, untouched, and an insult: now held.
    expect(await actionOf("Hijo de puta")).toBe("hold");
    expect(await actionOf("Verga")).toBe("hold");
    // New Nicaraguan words arrive held; the ones that are also ordinary words, flagged.
    expect(await actionOf("hijueputa")).toBe("hold");
    expect(await actionOf("culero")).toBe("hold");
    expect(await actionOf("mamón")).toBe("flag");
    // Not an insult or a sexual term: still flagged.
    expect(await actionOf("martillo")).toBe("flag");
    // What the admins decided is kept: a word they changed, one they deleted, one they added.
    expect(await actionOf("Puta")).toBe("flag");
    expect(await actionOf("Culo")).toBeNull();
    expect(await actionOf("chocho")).toBe("censor");

    const updates = await auditActions(t, "watched_word.seed_update");
    expect(updates).toHaveLength(1);
    expect(updates[0]!.details).toMatchObject({ default_actions: "nicaragua-1" });
    expect(updates[0]!.details.held).toBeGreaterThan(10);
    expect(await auditActions(t, "watched_word.seed")).toHaveLength(1);

    // Done once: an admin's later change is not undone by the next start.
    const hdp = await idOf("Hijo de puta");
    await t.request("PUT", `/api/admin/watched-words/${hdp}`, {
      token: admin.token,
      json: { action: "flag" },
    });
    await seedWatchedWordsOnce(t.deps);
    expect(await actionOf("Hijo de puta")).toBe("flag");
    expect(await auditActions(t, "watched_word.seed_update")).toHaveLength(1);
  });
});
