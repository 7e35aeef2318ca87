import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClubAs, form } from "../clubs/club.fixtures";
import { club, connectionUsers, profiled, send, type User } from "./connection.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
let admin: User;
let owner: User;
let otherOwner: User;
beforeAll(async () => {
  t = await setupTestApp();
  ({ admin, owner, otherOwner } = await connectionUsers(t));
}, 60_000);
afterAll(() => t.close());

const questions = ["¿En qué grado estás?", "¿Por qué quieres unirte?"];

function answer(user: User, clubId: number, answers: unknown) {
  return t.request("POST", `/api/connection-requests?club_id=${clubId}`, {
    token: user.token,
    json: { answers },
  });
}

describe("join questions on the club", () => {
  test("saved from the multipart create and edit calls (blank ones dropped) and returned", async () => {
    const created = await createClubAs(t, owner, {
      join_questions: JSON.stringify([" ¿En qué grado estás? ", "", "¿Por qué?"]),
    });
    expect(created.join_questions).toEqual(["¿En qué grado estás?", "¿Por qué?"]);
    const edit = await t.request("PUT", `/api/clubs/${created.id}`, {
      token: owner.token,
      multipart: form({ join_questions: JSON.stringify(["Una"]) }),
    });
    expect(edit.status).toBe(200);
    expect(edit.body.join_questions).toEqual(["Una"]);
    // Leaving the field out keeps them; a guest sees them too (the Connect button asks them).
    await t.request("PUT", `/api/clubs/${created.id}`, {
      token: owner.token,
      multipart: form({ vice: "V" }),
    });
    expect((await t.request("GET", `/api/clubs/${created.id}`)).body.join_questions).toEqual(["Una"]);
    expect((await createClubAs(t, owner)).join_questions).toEqual([]);
  });

  test("more than three, a too-long one or not a list is 422 with a detail", async () => {
    const cases: [string, string][] = [
      [JSON.stringify(["a", "b", "c", "d"]), "Ask at most three questions."],
      [JSON.stringify(["x".repeat(201)]), "Each question must be at most 200 characters."],
      ["{not json", "Join questions must be a JSON list of texts."],
      [JSON.stringify([1]), "Join questions must be a JSON list of texts."],
    ];
    for (const [value, message] of cases) {
      const res = await t.request("POST", "/api/clubs", {
        token: owner.token,
        multipart: form({ name: "Q", description: "d", join_questions: value }),
      });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body.detail)).toContain(message);
    }
  });

  test("only the owner or an admin edits them", async () => {
    const c = await club(t, owner);
    const member = await profiled(t);
    const guest = await t.request("PUT", `/api/clubs/${c}`, { multipart: form({ join_questions: "[]" }) });
    expect(guest.status).toBe(401);
    const memberCreate = await t.request("POST", "/api/clubs", {
      token: member.token,
      multipart: form({ name: "Q", description: "d", join_questions: JSON.stringify(["Q"]) }),
    });
    expect(memberCreate.status).toBe(403);
    for (const [who, status] of [
      [member, 403],
      [otherOwner, 403],
      [admin, 200],
    ] as const) {
      const res = await t.request("PUT", `/api/clubs/${c}`, {
        token: who.token,
        multipart: form({ join_questions: JSON.stringify(["Q"]) }),
      });
      expect(res.status).toBe(status);
    }
  });
});

describe("answers with the join request", () => {
  test("a club with questions refuses a bodiless request with 422 naming the questions", async () => {
    const c = await club(t, owner, { join_questions: questions });
    const res = await send(t, await profiled(t), c);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(`This club asks before you join: ${questions.join(" · ")}`);
  });

  test("role matrix for a request with answers: guest 401, owner 409, member and admin 201", async () => {
    const c = await club(t, owner, { join_questions: ["¿Grado?"] });
    const guest = await t.request("POST", `/api/connection-requests?club_id=${c}`, {
      json: { answers: ["x"] },
    });
    expect(guest.status).toBe(401);
    expect((await answer(owner, c, ["x"])).status).toBe(409);
    expect((await answer(await profiled(t), c, ["10mo"])).status).toBe(201);
    expect((await answer(admin, c, ["Admin"])).status).toBe(201);
  });

  test("wrong count or a blank answer is 422; a club without questions still takes no body", async () => {
    const c = await club(t, owner, { join_questions: questions });
    const u = await profiled(t);
    const few = await answer(u, c, ["10mo"]);
    expect(few.status).toBe(422);
    expect(JSON.stringify(few.body.detail)).toContain("Answer each of the club's 2 questions.");
    const blank = await answer(u, c, ["10mo", "  "]);
    expect(blank.status).toBe(422);
    expect(blank.body.detail).toEqual([{ loc: ["body", "answers", 1], msg: "Please answer this question." }]);
    const plain = await club(t, owner);
    expect((await send(t, u, plain)).status).toBe(201);
  });

  test("answers are shown to the owner and admins only, and kept with the membership", async () => {
    const c = await club(t, owner, { join_questions: questions });
    const u = await profiled(t);
    const sent = await answer(u, c, ["10mo grado", 'Me gusta el ajedrez, y "mucho"']);
    expect(sent.status).toBe(201);
    expect(sent.body.answers).toBeUndefined();
    const expected = [
      { question: questions[0], answer: "10mo grado" },
      { question: questions[1], answer: 'Me gusta el ajedrez, y "mucho"' },
    ];
    for (const reader of [owner, admin]) {
      const list = await t.request("GET", `/api/connection-requests/received?club_id=${c}`, {
        token: reader.token,
      });
      expect(list.body.find((r: { id: number }) => r.id === sent.body.id).answers).toEqual(expected);
    }
    // The other owner's list and the sender's own list carry no answers.
    const others = await t.request("GET", "/api/connection-requests/received", { token: otherOwner.token });
    expect(others.body.some((r: { id: number }) => r.id === sent.body.id)).toBe(false);
    const own = await t.request("GET", "/api/connection-requests/sent", { token: u.token });
    expect(own.body[0].answers).toBeUndefined();
    const member = await profiled(t);
    expect(
      (await t.request("GET", "/api/connection-requests/received", { token: member.token })).body,
    ).toEqual([]);
    const accept = await t.request("POST", `/api/connection-requests/${sent.body.id}/accept`, {
      token: owner.token,
    });
    expect(accept.status).toBe(200);
    const [row] =
      await t.sql`select join_answers from club_members where club_id = ${c} and user_id = ${u.id}`;
    expect(row!.join_answers).toEqual(expected);
  });
});
