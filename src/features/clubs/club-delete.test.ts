import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { clubUsers, createClubAs, png, type User } from "./club.fixtures";

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

describe("DELETE /api/clubs/{id}", () => {
  test("admin only; removes posts, requests, memberships, messages, images; audited", async () => {
    const c = await createClub(owner, { image: await png("#abcdef") });
    const imageId = c.image_url.split("/").pop();
    await t.sql`insert into club_members (club_id, user_id) values (${c.id}, ${member.id})`;
    await t.sql`insert into connection_requests (club_id, user_id) values (${c.id}, ${otherOwner.id})`;
    const postImage = `post-image-${c.id}`;
    const postThumb = `post-thumb-${c.id}`;
    for (const id of [postImage, postThumb]) {
      await t.sql`insert into uploads (id, content_type, data, byte_size) values (${id}, 'image/png', '\\x00', 1)`;
    }
    await t.sql`insert into posts (club_id, author_id, title, image_id, thumbnail_id)
      values (${c.id}, ${owner.id}, 'Hola', ${postImage}, ${postThumb})`;
    await t.sql`insert into messages (sender_id, club_id, content) values (${member.id}, ${c.id}, 'hola')`;

    expect((await t.request("DELETE", `/api/clubs/${c.id}`)).status).toBe(401);
    for (const u of [member, owner, otherOwner]) {
      const res = await t.request("DELETE", `/api/clubs/${c.id}`, { token: u.token });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe("Only an admin can delete a club.");
    }
    const res = await t.request("DELETE", `/api/clubs/${c.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect((await t.request("GET", `/api/clubs/${c.id}`)).status).toBe(404);
    for (const table of ["club_members", "connection_requests", "posts", "messages"]) {
      const rows = await t.sql`select 1 from ${t.sql(table)} where club_id = ${c.id}`;
      expect(rows.length).toBe(0);
    }
    expect(
      (await t.sql`select 1 from uploads where id in ${t.sql([imageId, postImage, postThumb])}`).length,
    ).toBe(0);
    const audit =
      await t.sql`select actor_id, details from audit_log where action = 'club.delete' and target_id = ${c.id}`;
    expect(audit.length).toBe(1);
    expect(audit[0]!.actor_id).toBe(admin.id);
    expect((await t.request("DELETE", `/api/clubs/${c.id}`, { token: admin.token })).status).toBe(404);
  });
});
