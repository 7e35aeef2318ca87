import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { waitUntil } from "../../../test/wait";
import { createClub, createManyUsers, postForm } from "../posts/post.fixtures";
import { eventState, insertEvent } from "./event.fixtures";

/** The queue's name as pg-boss stores it (mail-jobs.ts), spelled out: a rename would strand waiting jobs. */
const EVENT_MAIL_QUEUE = "event-mail";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true, mail: true });
});
afterAll(() => t.close());

const rsvp = (token: string | null, postId: number, status: unknown) =>
  t.request("PUT", `/api/posts/${postId}/rsvp`, { token, json: { status } });

describe("RSVP rules", () => {
  test("the post shows the counts and the viewer's answer; answering twice changes nothing", async () => {
    const club = await createClub(t, null);
    const event = await insertEvent(t, club);
    const [a, b] = await createManyUsers(t, 2, "plain");
    expect((await rsvp(a!.token, event.id, "going")).body).toMatchObject({ status: "going", going_count: 1 });
    expect((await rsvp(a!.token, event.id, "going")).body).toMatchObject({ status: "going", going_count: 1 });
    expect((await rsvp(b!.token, event.id, "not_going")).body).toMatchObject({
      status: "not_going",
      going_count: 1,
    });
    const seen = await t.request("GET", `/api/posts/${event.id}`, { token: a!.token });
    expect(seen.body).toMatchObject({ going_count: 1, waitlist_count: 0, capacity: null, my_rsvp: "going" });
    const guest = await t.request("GET", `/api/posts/${event.id}`);
    expect(guest.body.my_rsvp).toBeNull();
  });

  test("refused: signed out 401, muted 403, banned 403, not an event 404, past 409, bad answer 422", async () => {
    const club = await createClub(t, null);
    const event = await insertEvent(t, club);
    const past = await insertEvent(t, club, { startsInMs: -3600_000 });
    const [muted, banned, ok] = await createManyUsers(t, 3, "rules");
    await t.sql`update users set mute_until = now() + interval '1 day' where id = ${muted!.id}`;
    await t.sql`update users set ban_until = now() + interval '1 day' where id = ${banned!.id}`;
    const [plain] = await t.sql<{ id: number }[]>`
      insert into posts (club_id, title) values (${club}, 'Not an event') returning id`;
    expect((await rsvp(null, event.id, "going")).status).toBe(401);
    const mutedRes = await rsvp(muted!.token, event.id, "going");
    expect(mutedRes.status).toBe(403);
    expect(mutedRes.body.detail).toContain("muted");
    expect((await rsvp(banned!.token, event.id, "going")).status).toBe(403);
    expect((await rsvp(ok!.token, plain!.id, "going")).body).toEqual({ detail: "Event not found" });
    const pastRes = await rsvp(ok!.token, past.id, "going");
    expect(pastRes.status).toBe(409);
    expect(pastRes.body.detail).toBe("This event has already taken place.");
    expect((await rsvp(ok!.token, past.id, "not_going")).status).toBe(409);
    const bad = await rsvp(ok!.token, event.id, "maybe");
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toEqual({ loc: ["body", "status"], msg: "Choose going or not_going." });
    expect((await rsvp(ok!.token, 999_999, "going")).status).toBe(404);
    expect((await eventState(t, event.id)).post.going_count).toBe(0);
  });

  test("the attendee list: the owner and admins see it in arrival order, without e-mails; others get 403", async () => {
    const owner = await t.createUser({ role: "owner" });
    const admin = await t.createUser({ role: "admin" });
    const member = await t.createUser();
    const club = await createClub(t, owner.id);
    const event = await insertEvent(t, club, { capacity: 1 });
    const [first, second] = await createManyUsers(t, 2, "list");
    await t.sql`update users set first_name = 'Ana', email = 'ana@example.com' where id = ${first!.id}`;
    await rsvp(first!.token, event.id, "going");
    await rsvp(second!.token, event.id, "going");
    for (const token of [owner.token, admin.token]) {
      const res = await t.request("GET", `/api/posts/${event.id}/attendees`, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        going: [
          {
            id: first!.id,
            username: first!.username,
            first_name: "Ana",
            last_name: null,
            profile_picture_url: null,
          },
        ],
        waitlist: [
          {
            id: second!.id,
            username: second!.username,
            first_name: null,
            last_name: null,
            profile_picture_url: null,
          },
        ],
        going_count: 1,
        waitlist_count: 1,
        capacity: 1,
      });
      expect(JSON.stringify(res.body)).not.toContain("ana@example.com");
    }
    expect((await t.request("GET", `/api/posts/${event.id}/attendees`, { token: member.token })).status).toBe(
      403,
    );
    expect((await t.request("GET", `/api/posts/${event.id}/attendees`)).status).toBe(401);
  });
});

describe("capacity set by the owner", () => {
  test("created with a capacity; lowered below going keeps everyone; raised promotes the waitlist at once", async () => {
    const owner = await t.createUser({ role: "owner" });
    const club = await createClub(t, owner.id);
    const date = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const created = await t.request("POST", "/api/posts", {
      token: owner.token,
      multipart: postForm({
        club_id: String(club),
        title: "Taller",
        is_event: "true",
        event_date: date,
        capacity: "3",
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ capacity: 3, going_count: 0, waitlist_count: 0, my_rsvp: null });
    const id = created.body.id as number;
    const users = await createManyUsers(t, 5, "cap");
    for (const u of users) await rsvp(u.token, id, "going");
    expect((await eventState(t, id)).post).toEqual({ going_count: 3, waitlist_count: 2, capacity: 3 });

    const lowered = await t.request("PUT", `/api/posts/${id}`, {
      token: owner.token,
      multipart: postForm({ capacity: "1" }),
    });
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject({ capacity: 1, going_count: 3, waitlist_count: 2 });
    // A cancellation while over capacity frees no place: still over, nobody promoted.
    await rsvp(users[0]!.token, id, "not_going");
    expect((await eventState(t, id)).post).toEqual({ going_count: 2, waitlist_count: 2, capacity: 1 });

    const raised = await t.request("PUT", `/api/posts/${id}`, {
      token: owner.token,
      multipart: postForm({ capacity: "3" }),
    });
    expect(raised.body).toMatchObject({ capacity: 3, going_count: 3, waitlist_count: 1 });
    const state = await eventState(t, id);
    expect(state.waitlisted.map((r) => r.user_id)).toEqual([users[4]!.id]);
    const unlimited = await t.request("PUT", `/api/posts/${id}`, {
      token: owner.token,
      multipart: postForm({ capacity: "" }),
    });
    expect(unlimited.body).toMatchObject({ capacity: null, going_count: 4, waitlist_count: 0 });

    for (const bad of ["0", "-2", "2.5", "lots", "100001"]) {
      const res = await t.request("PUT", `/api/posts/${id}`, {
        token: owner.token,
        multipart: postForm({ capacity: bad }),
      });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(["body", "capacity"]);
    }
  });
});

describe("moved or cancelled events tell those going", () => {
  test("a new date sends a notice and an e-mail; a deleted event sends the cancellation", async () => {
    const owner = await t.createUser({ role: "owner" });
    const club = await createClub(t, owner.id, "Club de Lectura");
    const event = await insertEvent(t, club, { title: "Tertulia" });
    const [reader, waiting] = await createManyUsers(t, 2, "reader");
    await t.sql`update users set email = 'reader@example.com' where id = ${reader!.id}`;
    await t.sql`update users set email = 'notgoing@example.com' where id = ${waiting!.id}`;
    await rsvp(reader!.token, event.id, "going");
    await rsvp(waiting!.token, event.id, "not_going");

    const newDate = new Date(Date.now() + 10 * 24 * 3600_000).toISOString();
    const moved = await t.request("PUT", `/api/posts/${event.id}`, {
      token: owner.token,
      multipart: postForm({ event_date: newDate }),
    });
    expect(moved.status).toBe(200);
    const movedMail = await t.mail.waitFor(
      (m) => m.to.includes("reader@example.com") && m.subject.includes("changed"),
      15_000,
    );
    expect(movedMail.subject).toBe("Tertulia has changed");
    expect(movedMail.text).toContain("Club de Lectura");
    expect(movedMail.text).toContain(`/clubs/${club}?tab=posts&post=${event.id}`);

    // Editing only the text is not a move: nobody is told.
    await t.request("PUT", `/api/posts/${event.id}`, {
      token: owner.token,
      multipart: postForm({ content: "Traigan su libro" }),
    });

    expect((await t.request("DELETE", `/api/posts/${event.id}`, { token: owner.token })).status).toBe(204);
    const cancelledMail = await t.mail.waitFor(
      (m) => m.to.includes("reader@example.com") && m.subject.includes("cancelled"),
      15_000,
    );
    expect(cancelledMail.subject).toBe("Tertulia was cancelled");
    const kinds = await t.sql<
      { kind: string }[]
    >`select kind from user_notices where user_id = ${reader!.id} order by id`;
    expect(kinds.map((k) => k.kind)).toEqual(["event_moved", "event_cancelled"]);
    // Every event-mail job has run (none waiting, none running): no other mail is on its way.
    await waitUntil("the event mails to be sent", async () => {
      const [row] = await t.sql<{ n: number }[]>`
        select count(*)::int as n from pgboss.job where name = ${EVENT_MAIL_QUEUE} and state < 'completed'`;
      return row!.n === 0;
    });
    expect(t.mail.messages.filter((m) => m.to.includes("reader@example.com"))).toHaveLength(2);
    expect(t.mail.messages.filter((m) => m.to.includes("notgoing@example.com"))).toHaveLength(0);
  }, 60_000);
});
