import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { watchWords } from "../watched-words/watched-words.fixtures";
import { clubWithMembers } from "./polls.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ RATE_POSTS_PER_ACCOUNT: "10/1h" }, { openapi: true });
});
afterAll(() => t.close());

const create = (token: string, clubId: number, body: Record<string, unknown>) =>
  t.request("POST", `/api/clubs/${clubId}/polls`, {
    token,
    json: { question: "¿Qué camiseta?", options: ["Azul", "Blanca"], ...body },
  });

describe("creating a poll", () => {
  test("the owner publishes it: a post in the Posts tab and the feed, a notice to members", async () => {
    const { owner, clubId, members } = await clubWithMembers(t, 2, "publish");
    const res = await create(owner.token, clubId, { multiple: true, anonymous: false });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      club_id: clubId,
      question: "¿Qué camiseta?",
      options: [
        { index: 0, text: "Azul", votes: 0 },
        { index: 1, text: "Blanca", votes: 0 },
      ],
      multiple: true,
      anonymous: false,
      closes_at: null,
      closed: false,
      total_voters: 0,
      my_votes: [],
      can_close: true,
    });
    const tab = await t.request("GET", `/api/clubs/${clubId}/posts`, { token: members[0]!.token });
    expect(tab.body[0]).toMatchObject({
      id: res.body.post_id,
      title: "¿Qué camiseta?",
      poll_id: res.body.id,
    });
    const feed = await t.request("GET", "/api/posts/feed?filter=newest&scope=connected", {
      token: members[1]!.token,
    });
    expect(feed.body.map((p: { poll_id: number | null }) => p.poll_id)).toContain(res.body.id);
    const [notice] = (await t.request("GET", "/api/notifications/notices", { token: members[0]!.token }))
      .body;
    expect(notice).toMatchObject({
      kind: "club_poll",
      post_id: res.body.post_id,
      text: "Club publish asks in a poll: “¿Qué camiseta?”.",
      path: `/clubs/${clubId}?post=${res.body.post_id}`,
    });
    // Deleting the post deletes the poll with it.
    await t.request("DELETE", `/api/posts/${res.body.post_id}`, { token: owner.token });
    expect((await t.request("GET", `/api/polls/${res.body.id}`)).status).toBe(404);
  });

  test("only the club's owner or an admin; members, other owners and strangers get 403", async () => {
    const { owner, clubId, members } = await clubWithMembers(t, 1, "who");
    const otherOwner = await createQuickUser(t, { role: "owner" });
    const admin = await createQuickUser(t, { role: "admin" });
    const refused = await create(members[0]!.token, clubId, {});
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("Only this club's owner or an admin can do this.");
    expect((await create(otherOwner.token, clubId, {})).status).toBe(403);
    expect((await create(admin.token, clubId, {})).status).toBe(201);
    expect((await create(owner.token, 999_999, {})).status).toBe(404);
    expect(
      (
        await t.request("POST", `/api/clubs/${clubId}/polls`, {
          json: { question: "¿Y?", options: ["A", "B"] },
        })
      ).status,
    ).toBe(401);
  });

  test("bad questions, options and closing times get a 422 with a detail", async () => {
    const { owner, clubId } = await clubWithMembers(t, 0, "bad");
    const detail = async (body: Record<string, unknown>) => {
      const res = await create(owner.token, clubId, body);
      expect(res.status).toBe(422);
      return res.body.detail;
    };
    expect((await detail({ question: "  " }))[0]).toMatchObject({ loc: ["body", "question"] });
    expect((await detail({ options: ["Solo una"] }))[0].msg).toBe("A poll needs 2 to 10 options.");
    const eleven = Array.from({ length: 11 }, (_, i) => `Opción ${i}`);
    expect((await detail({ options: eleven }))[0].msg).toBe("A poll needs 2 to 10 options.");
    expect((await detail({ options: ["Sí", " "] }))[0]).toMatchObject({ loc: ["body", "options", 1] });
    expect((await detail({ options: ["Sí", "sí "] }))[0].msg).toBe("Two options say the same thing.");
    expect((await detail({ closes_at: "2020-01-01T00:00:00Z" }))[0].msg).toBe(
      "The closing time must be in the future.",
    );
    expect((await detail({ closes_at: "mañana" }))[0]).toMatchObject({ loc: ["body", "closes_at"] });
    expect(await detail({ options: "Sí" })).toBeDefined();
  });

  test("watched words screen the question and each option", async () => {
    const { owner, clubId, members } = await clubWithMembers(t, 1, "watched");
    const admin = await createQuickUser(t, { role: "admin" });
    await watchWords(t, admin.token, { prohibida: "block", sospechosa: "hold" });
    const blocked = await create(owner.token, clubId, { options: ["Sí", "Palabra prohibida"] });
    expect(blocked.status).toBe(422);
    const held = await create(owner.token, clubId, { question: "¿Opción sospechosa?" });
    expect(held.status).toBe(201);
    // Held: its author sees it, members neither see it nor hear of it until approved.
    expect((await t.request("GET", `/api/polls/${held.body.id}`, { token: members[0]!.token })).status).toBe(
      404,
    );
    const tab = await t.request("GET", `/api/clubs/${clubId}/posts`, { token: members[0]!.token });
    expect(tab.body).toEqual([]);
    const notices = await t.request("GET", "/api/notifications/notices", { token: members[0]!.token });
    expect(notices.body).toEqual([]);
    // Approved by an admin: published now, and members hear of it as a poll.
    const approved = await t.request("POST", "/api/admin/reports/resolve", {
      token: admin.token,
      json: { target_type: "post", target_id: held.body.post_id, action: "approve" },
    });
    expect(approved.status).toBe(200);
    expect((await t.request("GET", `/api/polls/${held.body.id}`, { token: members[0]!.token })).status).toBe(
      200,
    );
    const after = await t.request("GET", "/api/notifications/notices", { token: members[0]!.token });
    expect(after.body.map((n: { kind: string }) => n.kind)).toEqual(["club_poll"]);
  });

  test("creating polls counts against the posts limit (429 past it)", async () => {
    const { owner, clubId } = await clubWithMembers(t, 0, "limit");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await create(owner.token, clubId, {})).status);
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 201), 429]);
  });
});
