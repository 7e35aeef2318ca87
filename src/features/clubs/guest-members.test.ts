import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClubAs } from "./club.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

test("guests see the member count and member ids but no names, usernames or pictures; signed-in viewers see them", async () => {
  const owner = await createQuickUser(t, { role: "owner" });
  const named = await createQuickUser(t);
  const nameless = await createQuickUser(t, { profile: false });
  const club = await createClubAs(t, owner);
  const picture = `member-picture-${named.id}`;
  await t.sql`insert into uploads (id, content_type, data, byte_size) values (${picture}, 'image/png', '\\x00', 1)`;
  await t.sql`update users set profile_picture_id = ${picture}, first_name = 'Valeria', last_name = 'Zeledón' where id = ${named.id}`;
  for (const member of [named, nameless]) {
    await t.sql`insert into club_members (club_id, user_id) values (${club.id}, ${member.id})`;
  }
  // Arranged in the database, so the count the app keeps (accepting a request adds one) is set too.
  await t.sql`update clubs set member_count = (select count(*) from club_members where club_id = ${club.id})
    where id = ${club.id}`;
  const guest = await t.request("GET", `/api/clubs/${club.id}`);
  expect(guest.status).toBe(200);
  type Member = { id: number; username: string | null; display_name: string; picture_url: string | null };
  const byId = (body: { members: Member[] }, id: number) => body.members.find((x) => x.id === id);
  expect(guest.body.member_count).toBe(2);
  expect(guest.body.members.map((x: Member) => x.id).sort()).toEqual([named.id, nameless.id].sort());
  for (const member of [named, nameless]) {
    expect(byId(guest.body, member.id)).toEqual({
      id: member.id,
      username: null,
      display_name: "Member",
      picture_url: null,
    });
  }
  const text = JSON.stringify(guest.body);
  for (const secret of [picture, "Valeria", "Zeledón", named.username, nameless.username]) {
    expect(text).not.toContain(secret);
  }
  const spanish = await t.request("GET", `/api/clubs/${club.id}`, { headers: { "accept-language": "es" } });
  expect(byId(spanish.body, named.id)?.display_name).toBe("Miembro");

  const member = await t.request("GET", `/api/clubs/${club.id}`, { token: named.token });
  expect(byId(member.body, nameless.id)).toEqual({
    id: nameless.id,
    username: nameless.username,
    display_name: nameless.username,
    picture_url: null,
  });
  expect(byId(member.body, named.id)).toMatchObject({
    display_name: "Valeria Zeledón",
    picture_url: `/uploads/${picture}`,
  });
  // Any signed-in person sees names, not only the club's members.
  const outsider = await createQuickUser(t);
  const seen = await t.request("GET", `/api/clubs/${club.id}`, { token: outsider.token });
  expect(byId(seen.body, named.id)?.display_name).toBe("Valeria Zeledón");
});
