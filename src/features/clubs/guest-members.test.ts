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

test("guests see members' display names only, never usernames; signed-in viewers see usernames", async () => {
  const owner = await createQuickUser(t, { role: "owner" });
  const named = await createQuickUser(t);
  const nameless = await createQuickUser(t, { profile: false });
  const club = await createClubAs(t, owner);
  for (const member of [named, nameless]) {
    await t.sql`insert into club_members (club_id, user_id) values (${club.id}, ${member.id})`;
  }
  const guest = await t.request("GET", `/api/clubs/${club.id}`);
  expect(guest.status).toBe(200);
  type Member = { id: number; username: string | null; display_name: string };
  const byId = (body: { members: Member[] }, id: number) => body.members.find((x) => x.id === id);
  expect(byId(guest.body, named.id)).toEqual({ id: named.id, username: null, display_name: "Ana López" });
  expect(byId(guest.body, nameless.id)).toEqual({ id: nameless.id, username: null, display_name: "Member" });
  expect(JSON.stringify(guest.body)).not.toContain(named.username);
  expect(JSON.stringify(guest.body)).not.toContain(nameless.username);

  const member = await t.request("GET", `/api/clubs/${club.id}`, { token: named.token });
  expect(byId(member.body, nameless.id)).toEqual({
    id: nameless.id,
    username: nameless.username,
    display_name: nameless.username,
  });
});
