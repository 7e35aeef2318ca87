import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { clubUsers, createClubAs, type User } from "./club.fixtures";

// Sign-ups hash with argon2; on a loaded 2-core machine the 5 s default is too short.
setDefaultTimeout(60_000);

let t: TestApp;
let admin: User;
let owner: User;
let otherOwner: User;
let member: User;
beforeAll(async () => {
  t = await setupTestApp({}, { openapi: true });
  ({ admin, owner, otherOwner, member } = await clubUsers(t));
}, 60_000);
afterAll(() => t.close());

const createClub = (owner: User, fields: Record<string, string | Blob> = {}) =>
  createClubAs(t, owner, fields);

describe("GET /api/clubs/{id}", () => {
  test("guests see the club and its members by id only, without viewer fields; unknown id is 404", async () => {
    const c = await createClub(owner, { tags: "Arte" });
    await t.sql`update users set first_name = 'Ana', last_name = 'Pérez' where id = ${member.id}`;
    await t.sql`insert into club_members (club_id, user_id) values (${c.id}, ${member.id})`;
    const res = await t.request("GET", `/api/clubs/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body.members).toEqual([
      { id: member.id, username: null, display_name: "Member", picture_url: null },
    ]);
    expect(JSON.stringify(res.body)).not.toContain("Pérez");
    expect(res.body).not.toHaveProperty("is_member");
    expect(res.body).not.toHaveProperty("can_edit");
    const missing = await t.request("GET", "/api/clubs/999999");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "Club not found" });
    expect((await t.request("GET", "/api/clubs/abc")).status).toBe(422);
  });

  test("viewer fields per permission", async () => {
    const c = await createClub(owner);
    await t.sql`insert into club_members (club_id, user_id) values (${c.id}, ${member.id})`;
    const asMember = await t.request("GET", `/api/clubs/${c.id}`, { token: member.token });
    expect(asMember.body).toMatchObject({ is_member: true, can_edit: false, request_pending: null });
    const asOther = await t.request("GET", `/api/clubs/${c.id}`, { token: otherOwner.token });
    expect(asOther.body).toMatchObject({ is_member: false, can_edit: false });
    const asOwner = await t.request("GET", `/api/clubs/${c.id}`, { token: owner.token });
    expect(asOwner.body.can_edit).toBe(true);
    const asAdmin = await t.request("GET", `/api/clubs/${c.id}`, { token: admin.token });
    expect(asAdmin.body.can_edit).toBe(true);
    const [req] =
      await t.sql`insert into connection_requests (club_id, user_id) values (${c.id}, ${otherOwner.id}) returning id`;
    const pending = await t.request("GET", `/api/clubs/${c.id}`, { token: otherOwner.token });
    expect(pending.body.request_pending).toBe(req!.id);
  });

  test("a bad token is 401 even on guest routes (the client sends people to log in)", async () => {
    const res = await t.request("GET", "/api/clubs", { token: "garbage" });
    expect(res.status).toBe(401);
  });
});

describe("/docs", () => {
  test("documents every club and connection call, with the create form", async () => {
    const res = await t.request("GET", "/docs/json");
    expect(res.status).toBe(200);
    for (const path of [
      "/api/clubs",
      "/api/clubs/tags",
      "/api/clubs/{id}",
      "/api/clubs/{id}/membership",
      "/public/top-clubs",
      "/api/connection-requests",
      "/api/connection-requests/sent",
      "/api/connection-requests/received",
      "/api/connection-requests/{id}/accept",
      "/api/connection-requests/{id}",
      "/api/my-connections",
      "/api/connections/{id}",
    ]) {
      expect(res.body.paths).toHaveProperty([path]);
    }
    const create = res.body.paths["/api/clubs"].post;
    expect(create.summary).toContain("Create a club");
    expect(Object.keys(create.requestBody.content["application/json"].schema.properties)).toContain(
      "social_links",
    );
  });
});
