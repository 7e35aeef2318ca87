import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import {
  club,
  connectionUsers,
  counts,
  manyProfiled,
  profiled,
  send,
  type User,
} from "./connection.fixtures";

// Sign-ups hash with argon2; on a loaded 2-core machine the 5 s default is too short.
setDefaultTimeout(60_000);

let t: TestApp;
let admin: User;
let owner: User;
beforeAll(async () => {
  t = await setupTestApp();
  ({ admin, owner } = await connectionUsers(t));
}, 60_000);
afterAll(() => t.close());

describe("member_count under concurrency", () => {
  test("20 requests accepted in parallel, then 20 leaves in parallel", async () => {
    const c = await club(t, owner);
    const users = await manyProfiled(t, 20);
    const ids = await Promise.all(users.map(async (u) => (await send(t, u, c)).body.id as number));
    const results = await Promise.all(
      ids.map((id, i) =>
        t.request("POST", `/api/connection-requests/${id}/accept`, {
          token: i % 2 ? owner.token : admin.token,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await counts(t, c)).toEqual({ stored: 20, real: 20 });

    const leaves = await Promise.all(
      users.map((u, i) =>
        i % 2
          ? t.request("DELETE", `/api/clubs/${c}/membership`, { token: u.token })
          : t.request("DELETE", `/api/connections/${c}`, { token: u.token }),
      ),
    );
    expect(leaves.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await counts(t, c)).toEqual({ stored: 0, real: 0 });
  }, 30_000);

  test("the same request accepted twice at once counts once; double leave counts once", async () => {
    const c = await club(t, owner);
    const u = await profiled(t);
    const id = (await send(t, u, c)).body.id;
    const both = await Promise.all(
      [owner, admin, owner].map((x) =>
        t.request("POST", `/api/connection-requests/${id}/accept`, { token: x.token }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 404, 404]);
    expect(await counts(t, c)).toEqual({ stored: 1, real: 1 });
    const leaves = await Promise.all(
      [1, 2, 3].map(() => t.request("DELETE", `/api/clubs/${c}/membership`, { token: u.token })),
    );
    expect(leaves.map((r) => r.status).sort()).toEqual([200, 404, 404]);
    expect(await counts(t, c)).toEqual({ stored: 0, real: 0 });
  });

  test("joins and leaves interleaved keep the count exact", async () => {
    const c = await club(t, owner);
    const stay = await manyProfiled(t, 10);
    const go = await manyProfiled(t, 10);
    for (const u of go) await t.sql`insert into club_members (club_id, user_id) values (${c}, ${u.id})`;
    await t.sql`update clubs set member_count = 10 where id = ${c}`;
    const ids = await Promise.all(stay.map(async (u) => (await send(t, u, c)).body.id as number));
    await Promise.all([
      ...ids.map((id) => t.request("POST", `/api/connection-requests/${id}/accept`, { token: owner.token })),
      ...go.map((u) => t.request("DELETE", `/api/clubs/${c}/membership`, { token: u.token })),
    ]);
    expect(await counts(t, c)).toEqual({ stored: 10, real: 10 });
  }, 30_000);
});
