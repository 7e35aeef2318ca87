import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { handoverKit } from "./handover.fixtures";
import { createQuickUser, type QuickUser } from "./user.fixtures";

/** Naming officers (issue 49): who may, whom, with which titles and permissions; who sees the Directiva. */
setDefaultTimeout(120_000);

let t: TestApp;
let admin: QuickUser;
let kit: ReturnType<typeof handoverKit>;
beforeAll(async () => {
  t = await setupTestApp({}, { mail: true });
  admin = await createQuickUser(t, { role: "admin" });
  kit = handoverKit(t);
});
afterAll(() => t.close());

describe("officers", () => {
  test("only the owner or an admin names officers, only members can be named, members see the Directiva", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const ana = await createQuickUser(t);
    const ben = await createQuickUser(t);
    const stranger = await createQuickUser(t);
    const clubId = await kit.clubWith(owner, [ana, ben]);
    const put = (user: QuickUser, target: number, json: unknown) =>
      t.request("PUT", `/api/clubs/${clubId}/officers/${target}`, { token: user.token, json });

    expect((await put(owner, ana.id, { title: "Secretaria", permissions: ["check_in"] })).status).toBe(200);
    expect((await put(ana, ben.id, { title: "Tesorero", permissions: ["post"] })).status).toBe(403);
    expect((await put(owner, stranger.id, { title: "Vocal", permissions: [] })).status).toBe(409);
    expect((await put(owner, ben.id, { title: "  ", permissions: [] })).status).toBe(422);
    expect((await put(owner, ben.id, { title: "Vocal", permissions: ["fly"] })).status).toBe(422);
    expect((await put(admin, ben.id, { title: "Tesorero", permissions: ["post", "post"] })).status).toBe(200);

    const list = await kit.officersOf(clubId, ben);
    expect(list.map((o) => [o.user_id, o.title, o.permissions])).toEqual([
      [ana.id, "Secretaria", ["check_in"]],
      [ben.id, "Tesorero", ["post"]],
    ]);
    expect((await t.request("GET", `/api/clubs/${clubId}/officers`, { token: stranger.token })).status).toBe(
      403,
    );
    expect((await kit.officersOf(clubId, admin)).length).toBe(2);

    const del = (user: QuickUser, target: number) =>
      t.request("DELETE", `/api/clubs/${clubId}/officers/${target}`, { token: user.token });
    expect((await del(ana, ben.id)).status).toBe(403);
    expect((await del(owner, ben.id)).status).toBe(200);
    expect((await del(owner, ben.id)).status).toBe(404);
    expect((await kit.clubState(clubId)).members).toContain(ben.id);
  });
});
