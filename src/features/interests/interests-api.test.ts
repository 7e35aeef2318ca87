import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { insertClub } from "./interests.fixtures";

let t: TestApp;

beforeAll(async () => {
  t = await setupTestApp();
  await insertClub(t, { name: "Robótica León", tags: "Robótica, Ciencia" });
  await insertClub(t, { name: "Arte", tags: "Arte" });
});
afterAll(async () => await t.close());

const put = (token: string | null, json: unknown) =>
  t.request("PUT", "/api/users/me/interests", { token, json });

describe("interests: who may read and save", () => {
  test("a guest gets 401 on every call", async () => {
    expect((await t.request("GET", "/api/users/me/interests")).status).toBe(401);
    expect((await put(null, { tags: [] })).status).toBe(401);
    expect((await t.request("GET", "/api/clubs/suggested")).status).toBe(401);
  });

  for (const role of ["member", "owner", "admin"] as const) {
    test(`a ${role} saves and reads back their own interests`, async () => {
      const user = await createQuickUser(t, { role });
      const before = await t.request("GET", "/api/users/me/interests", { token: user.token });
      expect(before.body).toEqual({ tags: [], region: null, school: null, updated_at: null });
      const saved = await put(user.token, {
        tags: ["robotica", "ARTE"],
        region: "León",
        school: " Colegio X ",
      });
      expect(saved.status).toBe(200);
      expect(saved.body.tags).toEqual(["Robótica", "Arte"]);
      expect(saved.body.region).toBe("León");
      expect(saved.body.school).toBe("Colegio X");
      expect(saved.body.updated_at).not.toBeNull();
      const read = await t.request("GET", "/api/users/me/interests", { token: user.token });
      expect(read.body).toEqual(saved.body);
    });
  }

  test("a banned account gets 403; a muted one may save", async () => {
    const banned = await createQuickUser(t);
    const muted = await createQuickUser(t);
    await t.sql`update users set ban_until = now() + interval '1 day' where id = ${banned.id}`;
    await t.sql`update users set mute_until = now() + interval '1 day' where id = ${muted.id}`;
    expect((await put(banned.token, { tags: ["Arte"] })).status).toBe(403);
    expect((await t.request("GET", "/api/clubs/suggested", { token: banned.token })).status).toBe(403);
    expect((await put(muted.token, { tags: ["Arte"] })).status).toBe(200);
  });
});

describe("interests: validation", () => {
  test("an unknown tag is a 422 naming its position; nothing is saved", async () => {
    const user = await createQuickUser(t);
    const res = await put(user.token, { tags: ["Arte", "Cocina"] });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc: ["body", "tags", 1], msg: expect.stringContaining("Cocina") }]);
    expect((await t.request("GET", "/api/users/me/interests", { token: user.token })).body.tags).toEqual([]);
  });

  test("a region outside the enum, too many tags and a long school are 422s with a detail", async () => {
    const user = await createQuickUser(t);
    for (const body of [
      { region: "Chontales" },
      { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      { school: "x".repeat(201) },
      { tags: "Arte" },
    ]) {
      const res = await put(user.token, body);
      expect(res.status).toBe(422);
      expect(Array.isArray(res.body.detail) && res.body.detail.length > 0).toBe(true);
    }
  });

  test("fields left out keep their value; null and empty clear; duplicates fold to one", async () => {
    const user = await createQuickUser(t);
    await put(user.token, { tags: ["Arte", "arte"], region: "Masaya", school: "UNAN" });
    const kept = await put(user.token, { region: null });
    expect(kept.body).toMatchObject({ tags: ["Arte"], region: null, school: "UNAN" });
    const cleared = await put(user.token, { school: "", tags: [] });
    expect(cleared.body).toMatchObject({ tags: [], region: null, school: null });
  });

  test("Spanish readers get the refusal in Spanish", async () => {
    const user = await createQuickUser(t);
    const res = await t.request("PUT", "/api/users/me/interests", {
      token: user.token,
      json: { tags: ["Cocina"] },
      headers: { "accept-language": "es" },
    });
    expect(res.body.detail[0].msg).toContain("Ningún club usa la etiqueta");
  });
});
