import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { club, profiled, send } from "./connection.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

test("a demoted owner no longer sees the requests to their former club, and their badge stops counting them", async () => {
  const owner = await profiled(t, "owner");
  const clubId = await club(t, owner, { name: "Robótica" });
  const requester = await profiled(t);
  expect((await send(t, requester, clubId)).status).toBe(201);
  const received = () => t.request("GET", "/api/connection-requests/received", { token: owner.token });
  const badge = () => t.request("GET", "/api/notifications", { token: owner.token });
  expect((await received()).body).toHaveLength(1);
  expect((await badge()).body).toBe(1);

  await t.sql`update users set role = 'member' where id = ${owner.id}`;
  const after = await received();
  expect(after.status).toBe(200);
  expect(after.body).toEqual([]);
  const filtered = await t.request("GET", `/api/connection-requests/received?club_id=${clubId}`, {
    token: owner.token,
  });
  expect(filtered.body).toEqual([]);
  expect((await badge()).body).toBe(0);
});
