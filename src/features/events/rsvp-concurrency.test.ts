import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClub, createManyUsers } from "../posts/post.fixtures";
import { eventState, insertEvent } from "./event.fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true, mail: true });
});
afterAll(() => t.close());

const rsvp = (token: string, postId: number, status: "going" | "not_going") =>
  t.request("PUT", `/api/posts/${postId}/rsvp`, { token, json: { status } });

describe("RSVP under concurrency (real PostgreSQL)", () => {
  test("200 concurrent answers to a 50-place event: exactly 50 going, 150 waitlisted in arrival order", async () => {
    const club = await createClub(t, null, "Robótica");
    const event = await insertEvent(t, club, { capacity: 50 });
    const users = await createManyUsers(t, 200, "rush");
    const responses = await Promise.all(users.map((u) => rsvp(u.token, event.id, "going")));
    expect(responses.map((r) => r.status)).toEqual(users.map(() => 200));
    expect(responses.filter((r) => r.body.status === "going")).toHaveLength(50);
    expect(responses.filter((r) => r.body.status === "waitlisted")).toHaveLength(150);

    const state = await eventState(t, event.id);
    expect(state.post).toEqual({ going_count: 50, waitlist_count: 150, capacity: 50 });
    // Arrival order is the order answers took the event's lock: the first 50 got the places.
    expect(state.rows.slice(0, 50).every((r) => r.status === "going")).toBe(true);
    expect(state.rows.slice(50).every((r) => r.status === "waitlisted")).toBe(true);
    // Each waitlisted answer was told its place, and the places follow the arrival order.
    const positionOf = new Map(
      responses.map((r, i) => [users[i]!.id, r.body.waitlist_position as number | null]),
    );
    expect(state.waitlisted.map((r) => positionOf.get(r.user_id))).toEqual(
      Array.from({ length: 150 }, (_, i) => i + 1),
    );
  }, 120_000);

  test("a cancellation promotes exactly one: the first on the waitlist, with a notice and an e-mail", async () => {
    const club = await createClub(t, null, "Ajedrez");
    const event = await insertEvent(t, club, { capacity: 2, title: "Torneo relámpago" });
    const users = await createManyUsers(t, 5, "chess");
    for (const u of users) await rsvp(u.token, event.id, "going");
    await t.sql`update users set email = 'first.waiting@example.com' where id = ${users[2]!.id}`;

    const cancelled = await rsvp(users[0]!.token, event.id, "not_going");
    expect(cancelled.body).toEqual({
      status: "not_going",
      going_count: 2,
      waitlist_count: 2,
      capacity: 2,
      waitlist_position: null,
    });
    const state = await eventState(t, event.id);
    expect(state.going.map((r) => r.user_id)).toEqual([users[1]!.id, users[2]!.id]);
    expect(state.waitlisted.map((r) => r.user_id)).toEqual([users[3]!.id, users[4]!.id]);
    const notices = await t.sql`select kind, club_id from user_notices where user_id = ${users[2]!.id}`;
    expect([...notices]).toEqual([{ kind: "event_promoted", club_id: club }]);
    const mail = await t.mail.waitFor((m) => m.to.includes("first.waiting@example.com"), 15_000);
    expect(mail.subject).toBe("You have a place at Torneo relámpago");
    expect(mail.text).toContain("(Managua time)");
    // Answering Going again puts the canceller at the end of the waitlist.
    const again = await rsvp(users[0]!.token, event.id, "going");
    expect(again.body).toMatchObject({ status: "waitlisted", waitlist_position: 3 });
  }, 60_000);

  test("counts stay exact through concurrent cancellations and new answers", async () => {
    const club = await createClub(t, null, "Teatro");
    const event = await insertEvent(t, club, { capacity: 30 });
    const first = await createManyUsers(t, 60, "stage");
    for (const u of first) await rsvp(u.token, event.id, "going");
    const late = await createManyUsers(t, 40, "late");
    // 15 going and 10 waitlisted cancel while 40 newcomers answer, all at once.
    await Promise.all([
      ...first.slice(0, 15).map((u) => rsvp(u.token, event.id, "not_going")),
      ...first.slice(40, 50).map((u) => rsvp(u.token, event.id, "not_going")),
      ...late.map((u) => rsvp(u.token, event.id, "going")),
    ]);
    const state = await eventState(t, event.id);
    // 60 - 25 + 40 = 75 still want to go: 30 places, 45 wait.
    expect(state.post).toEqual({ going_count: 30, waitlist_count: 45, capacity: 30 });
    expect(state.going).toHaveLength(30);
    expect(state.waitlisted).toHaveLength(45);
    // Nobody waits ahead of someone who arrived before them: the going all arrived first.
    const lastGoing = Math.max(...state.going.map((r) => Number(r.seq)));
    const firstWaiting = Math.min(...state.waitlisted.map((r) => Number(r.seq)));
    expect(lastGoing).toBeLessThan(firstWaiting);
  }, 120_000);
});
