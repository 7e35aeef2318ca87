import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { clubUsers, createClubAs, form, png, type User } from "./club.fixtures";

// Sign-ups hash with argon2; on a loaded 2-core machine the 5 s default is too short.
setDefaultTimeout(60_000);

let t: TestApp;
let admin: User;
let owner: User;
let otherOwner: User;
let member: User;
beforeAll(async () => {
  t = await setupTestApp();
  ({ admin, owner, otherOwner, member } = await clubUsers(t));
}, 60_000);
afterAll(() => t.close());

const createClub = (owner: User, fields: Record<string, string | Blob> = {}) =>
  createClubAs(t, owner, fields);

describe("PUT /api/clubs/{id}", () => {
  test("permissions: guest 401, member 403, other owner 403, owner and admin 200, unknown 404", async () => {
    const c = await createClub(owner, { president: "Ana" });
    const body = () => form({ name: "Renamed" });
    expect((await t.request("PUT", `/api/clubs/${c.id}`, { multipart: body() })).status).toBe(401);
    expect(
      (await t.request("PUT", `/api/clubs/${c.id}`, { token: member.token, multipart: body() })).status,
    ).toBe(403);
    const other = await t.request("PUT", `/api/clubs/${c.id}`, {
      token: otherOwner.token,
      multipart: body(),
    });
    expect(other.status).toBe(403);
    expect(other.body.detail).toBe("Only this club's owner or an admin can edit it.");
    const mine = await t.request("PUT", `/api/clubs/${c.id}`, { token: owner.token, multipart: body() });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ name: "Renamed", president: "Ana", description: "Un club" });
    const byAdmin = await t.request("PUT", `/api/clubs/${c.id}`, {
      token: admin.token,
      multipart: form({ president: "", cover_position_x: "0" }),
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({
      name: "Renamed",
      president: null,
      cover_position_x: 0,
      owner_id: owner.id,
    });
    expect(
      (await t.request("PUT", "/api/clubs/999999", { token: admin.token, multipart: body() })).status,
    ).toBe(404);
  });

  test("an owner demoted to member loses edit rights over the club they still own", async () => {
    const demoted = await createQuickUser(t, { role: "owner" });
    const c = await createClub(demoted);
    await t.sql`update users set role = 'member' where id = ${demoted.id}`;
    const res = await t.request("PUT", `/api/clubs/${c.id}`, {
      token: demoted.token,
      multipart: form({ name: "X" }),
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("Only this club's owner or an admin can edit it.");
    const detail = await t.request("GET", `/api/clubs/${c.id}`, { token: demoted.token });
    expect(detail.body.can_edit).toBe(false);
  });

  test("validation: name and description cannot be emptied", async () => {
    const c = await createClub(owner);
    const res = await t.request("PUT", `/api/clubs/${c.id}`, {
      token: owner.token,
      multipart: form({ name: "", description: "" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContainEqual({ loc: ["body", "name"], msg: "Name is required." });
    expect(res.body.detail).toContainEqual({
      loc: ["body", "description"],
      msg: "Short description is required.",
    });
  });

  test("a new cover replaces the old one, which is deleted when unused", async () => {
    const c = await createClub(owner, { image: await png("#123456") });
    const oldId = c.image_url.split("/").pop();
    const res = await t.request("PUT", `/api/clubs/${c.id}`, {
      token: owner.token,
      multipart: form({ image: await png("#654321") }),
    });
    expect(res.status).toBe(200);
    expect(res.body.image_url).not.toBe(c.image_url);
    const left = await t.sql`select id from uploads where id = ${oldId}`;
    expect(left.length).toBe(0);
  });

  test("an old cover still used by another club is kept", async () => {
    const shared = await png("#00ff00");
    const a = await createClub(owner, { image: shared });
    const b = await createClub(owner, { image: await png("#00ff00") });
    expect(b.image_url).toBe(a.image_url);
    await t.request("PUT", `/api/clubs/${a.id}`, {
      token: owner.token,
      multipart: form({ image: await png("#0000ff") }),
    });
    expect((await t.request("GET", b.image_url)).status).toBe(200);
  });
});
