import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { seedWatchedWordsOnce } from "./seed";

setDefaultTimeout(60_000);
let t: TestApp;
let admin: QuickUser;
let author: QuickUser;
let student: QuickUser;
let member: QuickUser;
let clubId: number;

beforeAll(async () => {
  t = await setupTestApp();
  // A new installation: the list is seeded at start-up, before anyone writes.
  await seedWatchedWordsOnce(t.deps);
  admin = await createQuickUser(t, { role: "admin" });
  author = await createQuickUser(t, { role: "owner" });
  student = await createQuickUser(t);
  member = await createQuickUser(t);
  // The owner writes posts; club chat is for members.
  clubId = await insertClub(t, author.id, "Club Colegio");
  await addMember(t, clubId, student.id);
  await addMember(t, clubId, member.id);
});
afterAll(() => t.close());

const queue = async () =>
  (await t.request("GET", "/api/admin/reports", { token: admin.token })).body as any[];
const inQueue = async (type: string, id: number) =>
  (await queue()).find((g) => g.target_type === type && g.target_id === id);
const contents = (body: unknown) => (body as { content: string }[]).map((m) => m.content);

describe("a seeded insult is held: its author and the moderators see it, other members do not", () => {
  test("a club message with 'hijueputa' spelled out", async () => {
    const room = `/api/messages/club/${clubId}`;
    await send(t, member.token, room, "Buenas");
    const sent = await send(t, student.token, room, "sos un h.i.j.u.e.p.u.t.a");
    expect(sent.status).toBe(201);
    expect(sent.body.pending_review).toBe(true);

    expect(contents((await t.request("GET", room, { token: member.token })).body)).toEqual(["Buenas"]);
    const own = (await t.request("GET", room, { token: student.token })).body as any[];
    expect(own.map((m) => [m.content, m.pending_review])).toEqual([
      ["Buenas", false],
      ["sos un h.i.j.u.e.p.u.t.a", true],
    ]);
    expect(await inQueue("message", sent.body.id)).toMatchObject({
      held: true,
      snapshot: "sos un h.i.j.u.e.p.u.t.a",
    });
  });

  test("a post calling someone 'culero' with a Cyrillic о", async () => {
    const res = await t.request("POST", "/api/posts", {
      token: author.token,
      json: { club_id: clubId, title: "Aviso", content: "el profe es cul\u0435r\u043E" },
    });
    expect(res.status).toBe(201);
    expect(res.body.pending_review).toBe(true);
    const id = res.body.id as number;
    expect((await t.request("GET", `/api/posts/${id}`, { token: member.token })).status).toBe(404);
    const own = await t.request("GET", `/api/posts/${id}`, { token: author.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ content: "el profe es cul\u0435r\u043E", pending_review: true });
    expect(await inQueue("post", id)).toMatchObject({ held: true });
  });
});
