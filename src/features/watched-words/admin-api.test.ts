import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { auditActions } from "./watched-words.fixtures";

setDefaultTimeout(30_000);
let t: TestApp;
let admin: QuickUser;
const people: Record<string, QuickUser> = {};
beforeAll(async () => {
  t = await setupTestApp();
  admin = await createQuickUser(t, { role: "admin" });
  people.member = await createQuickUser(t);
  people.owner = await createQuickUser(t, { role: "owner" });
  people.banned = await createQuickUser(t);
  people.muted = await createQuickUser(t);
  await t.sql`update users set ban_until = now() + interval '1 day' where id = ${people.banned.id}`;
  await t.sql`update users set mute_until = now() + interval '1 day' where id = ${people.muted.id}`;
});
afterAll(() => t.close());

const call = (method: string, path: string, token: string | null, json?: unknown) =>
  t.request(method, path, { token, ...(json === undefined ? {} : { json }) });

describe("watched-words admin API", () => {
  test("guests get 401; members, owners, banned and muted people 403; nothing changes", async () => {
    const [row] = await t.sql<{ id: number }[]>`
      insert into watched_words (word, match_key, action) values ('matriz', 'matriz', 'flag') returning id`;
    const id = row!.id;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/watched-words"],
      ["POST", "/api/admin/watched-words", { word: "otra", action: "block" }],
      ["PUT", `/api/admin/watched-words/${id}`, { action: "block" }],
      ["DELETE", `/api/admin/watched-words/${id}`],
    ];
    for (const [method, path, json] of calls) {
      expect((await call(method, path, null, json)).status).toBe(401);
      for (const who of Object.values(people)) {
        expect((await call(method, path, who.token, json)).status).toBe(403);
      }
    }
    const rows = await t.sql`select word, action from watched_words where id = ${id}`;
    expect([...rows]).toEqual([{ word: "matriz", action: "flag" }]);
    expect(await t.sql`select 1 from watched_words where word = 'otra'`).toHaveLength(0);
  });

  test("an admin adds, lists, changes and deletes entries; each step is audited", async () => {
    const added = await call("POST", "/api/admin/watched-words", admin.token, {
      word: "  Pendejo ",
      action: "flag",
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ word: "Pendejo", action: "flag" });
    const id = added.body.id as number;

    const list = await call("GET", "/api/admin/watched-words", admin.token);
    expect(list.status).toBe(200);
    expect(list.body.find((w: { id: number }) => w.id === id)).toMatchObject({
      word: "Pendejo",
      action: "flag",
    });

    const same = await call("POST", "/api/admin/watched-words", admin.token, {
      word: "PÉNDEJO",
      action: "block",
    });
    expect(same.status).toBe(409);
    expect(same.body.detail).toBe("That word is already on the list.");

    const changed = await call("PUT", `/api/admin/watched-words/${id}`, admin.token, { action: "block" });
    expect(changed.status).toBe(200);
    expect(changed.body.action).toBe("block");

    expect((await call("DELETE", `/api/admin/watched-words/${id}`, admin.token)).status).toBe(204);
    expect((await call("DELETE", `/api/admin/watched-words/${id}`, admin.token)).status).toBe(404);
    expect(
      (await call("PUT", `/api/admin/watched-words/${id}`, admin.token, { action: "flag" })).status,
    ).toBe(404);

    const create = (await auditActions(t, "watched_word.create")).filter((a) => a.target_id === id);
    expect(create).toEqual([
      {
        actor_id: admin.id,
        target_type: "watched_word",
        target_id: id,
        details: { word: "Pendejo", action: "flag" },
      },
    ]);
    const update = (await auditActions(t, "watched_word.update")).filter((a) => a.target_id === id);
    expect(update.map((a) => a.details)).toEqual([{ word: "Pendejo", from: "flag", to: "block" }]);
    const removed = (await auditActions(t, "watched_word.delete")).filter((a) => a.target_id === id);
    expect(removed.map((a) => a.actor_id)).toEqual([admin.id]);
  });

  test("invalid entries are refused with a sentence per field", async () => {
    const blank = await call("POST", "/api/admin/watched-words", admin.token, {
      word: "   ",
      action: "flag",
    });
    expect(blank.status).toBe(422);
    const signs = await call("POST", "/api/admin/watched-words", admin.token, {
      word: "!!!",
      action: "flag",
    });
    expect(signs.status).toBe(422);
    expect(signs.body.detail).toEqual([
      { loc: ["body", "word"], msg: "Write at least one letter or number." },
    ]);
    const action = await call("POST", "/api/admin/watched-words", admin.token, {
      word: "x",
      action: "shout",
    });
    expect(action.status).toBe(422);
    const spanish = await t.request("POST", "/api/admin/watched-words", {
      token: admin.token,
      json: { word: "a".repeat(101), action: "flag" },
      headers: { "accept-language": "es" },
    });
    expect(spanish.status).toBe(422);
    expect(JSON.stringify(spanish.body.detail)).toContain("Escribí menos de 100 caracteres.");
  });
});
