import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { DEFAULT_NOTIFICATION_SETTINGS } from "../../../common/api/notification-settings";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import {
  clubWith,
  directRow,
  dm,
  roleCast,
  setWhoCanMessage,
} from "../message-requests/message-requests.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

const PATH = "/api/users/me/notification-settings";
/** The defaults of the keys these tests do not change. */
const OTHER_DEFAULTS = { quiet_hours: { start: "21:00", end: "07:00" }, digest: true };

/** The whole document with `who_can_message` set and every other key at its default. */
const doc = (who: string) => ({ ...DEFAULT_NOTIFICATION_SETTINGS, ...OTHER_DEFAULTS, who_can_message: who });

describe("the settings document", () => {
  test("defaults to everyone; PUT saves the keys sent and answers the whole document", async () => {
    const u = await createQuickUser(t);
    expect((await t.request("GET", PATH, { token: u.token })).body).toEqual(doc("everyone"));
    const saved = await setWhoCanMessage(t, u, "clubs");
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(doc("clubs"));
    expect((await t.request("GET", PATH, { token: u.token })).body).toEqual(doc("clubs"));
    // An empty document changes nothing.
    expect((await t.request("PUT", PATH, { token: u.token, json: {} })).body).toEqual(doc("clubs"));
  });

  test("unknown keys and values are 422 and nothing is saved", async () => {
    const u = await createQuickUser(t);
    const bad = await setWhoCanMessage(t, u, "friends");
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      { loc: ["body", "who_can_message"], msg: "Choose everyone, clubs or nobody." },
    ]);
    const unknown = await t.request("PUT", PATH, {
      token: u.token,
      json: { who_can_message: "nobody", push: true },
    });
    expect(unknown.status).toBe(422);
    expect((await t.request("GET", PATH, { token: u.token })).body).toEqual(doc("everyone"));
  });

  test("keys stored by a later or earlier version do not break the document", async () => {
    const u = await createQuickUser(t);
    await t.sql`insert into user_notification_settings (user_id, settings)
      values (${u.id}, ${JSON.stringify({ who_can_message: "bogus", digest: "yes", quiet_hours: { from: "21:00" } })}::jsonb)`;
    expect((await t.request("GET", PATH, { token: u.token })).body).toEqual(doc("everyone"));
    await setWhoCanMessage(t, u, "nobody");
    const [row] = await t.sql<{ settings: Record<string, unknown> }[]>`
      select settings from user_notification_settings where user_id = ${u.id}`;
    expect(row!.settings).toEqual({
      who_can_message: "nobody",
      digest: "yes",
      quiet_hours: { from: "21:00" },
    });
  });

  test("role matrix: guest 401; member, other member, owner, admin and muted read and change their own; banned 403", async () => {
    const cast = await roleCast(t);
    expect((await t.request("GET", PATH)).status).toBe(401);
    expect((await t.request("PUT", PATH, { json: { who_can_message: "nobody" } })).status).toBe(401);
    const values = {
      member: "clubs",
      otherMember: "nobody",
      owner: "clubs",
      admin: "nobody",
      muted: "clubs",
    } as const;
    for (const [role, value] of Object.entries(values)) {
      const who = cast[role as keyof typeof values];
      const res = await setWhoCanMessage(t, who, value);
      expect({ role, status: res.status }).toEqual({ role, status: 200 });
    }
    for (const [role, value] of Object.entries(values)) {
      const who = cast[role as keyof typeof values];
      const res = await t.request("GET", PATH, { token: who.token });
      expect({ role, body: res.body }).toEqual({ role, body: doc(value) });
    }
    expect((await t.request("GET", PATH, { token: cast.banned.token })).status).toBe(403);
    expect((await setWhoCanMessage(t, cast.banned, "nobody")).status).toBe(403);
  });
});

describe("the weekly digest setting", () => {
  test("on by default; PUT digest alone turns it off and keeps who_can_message; a non-boolean is 422", async () => {
    const u = await createQuickUser(t);
    await setWhoCanMessage(t, u, "clubs");
    const off = await t.request("PUT", PATH, { token: u.token, json: { digest: false } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...doc("clubs"), digest: false });
    // A save of the other key leaves digest as it was.
    expect((await setWhoCanMessage(t, u, "everyone")).body).toEqual({ ...doc("everyone"), digest: false });
    const bad = await t.request("PUT", PATH, { token: u.token, json: { digest: "no" } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([{ loc: ["body", "digest"], msg: "digest must be true or false." }]);
    const on = await t.request("PUT", PATH, { token: u.token, json: { digest: true } });
    expect(on.body).toEqual(doc("everyone"));
  });
});

describe("who can message me", () => {
  test("clubs: people sharing a club write; others get a 403 naming the rule; admins are exempt", async () => {
    const student = await createQuickUser(t);
    const clubmate = await createQuickUser(t);
    const stranger = await createQuickUser(t);
    const admin = await createQuickUser(t, { role: "admin" });
    await clubWith(t, null, [student.id, clubmate.id]);
    await setWhoCanMessage(t, student, "clubs");

    const refused = await dm(t, stranger, student);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(
      `${student.firstName} ${student.lastName} only receives messages from people in their clubs.`,
    );
    expect((await dm(t, clubmate, student)).status).toBe(201);
    expect((await dm(t, admin, student)).status).toBe(201);
    const rows = await t.sql<{ n: number }[]>`
      select count(*)::int as n from messages where sender_id = ${stranger.id}`;
    const n = rows[0]!.n;
    expect(n).toBe(0);
  });

  test("an owner and a member of the owner's club share it for the clubs rule", async () => {
    const student = await createQuickUser(t);
    const owner = await createQuickUser(t, { role: "owner" });
    await clubWith(t, owner.id, [student.id]);
    await setWhoCanMessage(t, student, "clubs");
    expect((await dm(t, owner, student)).status).toBe(201);
  });

  test("nobody: even club mates and accepted contacts are refused; admins still write; club chat keeps working", async () => {
    const student = await createQuickUser(t);
    const clubmate = await createQuickUser(t);
    const friend = await createQuickUser(t);
    const admin = await createQuickUser(t, { role: "admin" });
    const clubId = await clubWith(t, null, [student.id, clubmate.id]);
    await dm(t, friend, student, "hola");
    await dm(t, student, friend, "hola, amiga");
    await setWhoCanMessage(t, student, "nobody");

    for (const sender of [clubmate, friend]) {
      const res = await dm(t, sender, student);
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe(
        `${student.firstName} ${student.lastName} doesn't receive direct messages.`,
      );
    }
    expect((await dm(t, admin, student, "aviso de la administración")).status).toBe(201);
    const club = await t.request("POST", `/api/messages/club/${clubId}`, {
      token: clubmate.token,
      json: { content: "hola club" },
    });
    expect(club.status).toBe(201);
    expect((await t.request("GET", `/api/messages/club/${clubId}`, { token: student.token })).body).toEqual([
      expect.objectContaining({ content: "hola club" }),
    ]);
  });

  test("everyone (the default): strangers arrive as requests", async () => {
    const student = await createQuickUser(t);
    const stranger = await createQuickUser(t);
    await setWhoCanMessage(t, student, "everyone");
    expect((await dm(t, stranger, student)).status).toBe(201);
    expect(await directRow(t, student, stranger.id)).toMatchObject({ request: true });
  });
});
