import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClubAs } from "./club.fixtures";
import { createQuickUser } from "./user.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

test("guests see members' display names only, never usernames or pictures; signed-in viewers see both", async () => {
  const owner = await createQuickUser(t, { role: "owner" });
  const named = await createQuickUser(t);
  const nameless = await createQuickUser(t, { profile: false });
  const club = await createClubAs(t, owner);
  const picture = `member-picture-${named.id}`;
  await t.sql`insert into uploads (id, content_type, data, byte_size) values (${picture}, 'image/png', '\\x00', 1)`;
  await t.sql`update users set profile_picture_id = ${picture} where id = ${named.id}`;
  for (const member of [named, nameless]) {
    await t.sql`insert into club_members (club_id, user_id) values (${club.id}, ${member.id})`;
  }
  const guest = await t.request("GET", `/api/clubs/${club.id}`);
  expect(guest.status).toBe(200);
  type Member = { id: number; username: string | null; display_name: string; picture_url: string | null };
  const byId = (body: { members: Member[] }, id: number) => body.members.find((x) => x.id === id);
  expect(byId(guest.body, named.id)).toEqual({
    id: named.id,
    username: null,
    display_name: "Ana López",
    picture_url: null,
  });
  expect(byId(guest.body, nameless.id)).toEqual({
    id: nameless.id,
    username: null,
    display_name: "Member",
    picture_url: null,
  });
  expect(JSON.stringify(guest.body)).not.toContain(picture);
  expect(JSON.stringify(guest.body)).not.toContain(named.username);
  expect(JSON.stringify(guest.body)).not.toContain(nameless.username);

  const member = await t.request("GET", `/api/clubs/${club.id}`, { token: named.token });
  expect(byId(member.body, nameless.id)).toEqual({
    id: nameless.id,
    username: nameless.username,
    display_name: nameless.username,
    picture_url: null,
  });
  expect(byId(member.body, named.id)?.picture_url).toBe(`/uploads/${picture}`);
});
