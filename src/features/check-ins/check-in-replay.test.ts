import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { checkInWorld } from "./check-in.fixtures";
import { codeAt, stepOf } from "./code";

setDefaultTimeout(60_000);

/**
 * Issue 46 item 6, over HTTP on the real database with the real clock: a check-in code could be
 * replayed (`checked_in_at` chosen by the client, checked only against the event's window), so a
 * photographed or forwarded code worked for anyone, later. Now: one check-in per person and event,
 * a claim more than 2 min old waits for the owner ("por confirmar"), and only people expected at
 * the claimed time may check in.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof checkInWorld>>;
let secret: string;
beforeAll(async () => {
  // Every answer is also checked against the API document (/docs), confirm and reject included.
  t = await setupTestApp({}, { openapi: true });
  w = await checkInWorld(t, new Date(Date.now() + 10 * 60_000));
  expect(
    (await t.request("GET", `/api/posts/${w.eventId}/check-in-code`, { token: w.owner.token })).status,
  ).toBe(200);
  const [row] = await t.sql<{ secret: string }[]>`
    select secret from event_check_in_keys where post_id = ${w.eventId}`;
  secret = row!.secret;
}, 60_000);
afterAll(() => t.close());

const path = () => `/api/posts/${w.eventId}/check-ins`;
const ago = (ms: number) => new Date(Date.now() - ms);
/** The code as it was on the owner's screen at `at` (what a photo of it shows). */
const codeShownAt = (at: Date) => codeAt(secret, stepOf(at.getTime()));

/** A member of the event's club since `since` (an hour ago unless told). */
async function memberSince(since = ago(60 * 60_000)): Promise<QuickUser> {
  const person = await createQuickUser(t);
  await t.sql`insert into club_members (club_id, user_id, joined_at)
    values (${w.clubId}, ${person.id}, ${since.toISOString()})`;
  return person;
}

function claim(person: QuickUser, at: Date, lang = "en") {
  return t.request("POST", path(), {
    token: person.token,
    json: { code: codeShownAt(at), checked_in_at: at.toISOString() },
    headers: { "accept-language": lang },
  });
}

async function rowsOf(person: QuickUser): Promise<{ status: string }[]> {
  const rows = await t.sql<{ status: string }[]>`
    select status from event_check_ins where post_id = ${w.eventId} and user_id = ${person.id}`;
  return [...rows];
}

async function attendance() {
  const list = await t.request("GET", path(), { token: w.owner.token });
  expect(list.status).toBe(200);
  const ids = (key: string) => list.body[key].map((p: { id: number }) => p.id) as number[];
  return { present: ids("checked_in"), pending: ids("pending"), missing: ids("not_checked_in") };
}

describe("a replayed code", () => {
  test("a photo of the code used by someone who joined after it was shown is refused with 403", async () => {
    const shownAt = ago(5 * 60_000);
    const newcomer = await memberSince(new Date());
    const refused = await claim(newcomer, shownAt);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(
      "At the time of this check-in you were not yet a member of this club, and had not said you are going.",
    );
    const es = await claim(newcomer, shownAt, "es");
    expect(es.body.detail).toBe(
      "A la hora de este registro todavía no eras miembro de este club ni habías dicho que asistirías.",
    );
    // Someone who only said they are going, after the photo was taken: refused the same way.
    await t.sql`insert into event_rsvps (post_id, user_id, status) values (${w.eventId}, ${w.outsider.id}, 'going')`;
    expect((await claim(w.outsider, shownAt)).status).toBe(403);
    // Someone who is neither: refused too, and nothing is stored for either.
    const stranger = await createQuickUser(t);
    expect((await claim(stranger, shownAt)).status).toBe(403);
    for (const person of [newcomer, w.outsider, stranger]) expect(await rowsOf(person)).toEqual([]);
  });
});

describe("one check-in per person and event", () => {
  test("the same person twice: one row, and the repeat answers 200 with the check-in already there", async () => {
    const person = await memberSince();
    const first = await t.request("POST", path(), {
      token: person.token,
      json: { code: codeShownAt(new Date()) },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ user_id: person.id, status: "present" });
    const again = await t.request("POST", path(), {
      token: person.token,
      json: { code: codeShownAt(new Date()) },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await rowsOf(person)).toHaveLength(1);
  });

  test("the same person twice at once: one row, one 201 and one 200, no 5xx", async () => {
    for (let round = 0; round < 5; round++) {
      const person = await memberSince();
      const code = codeShownAt(new Date());
      const answers = await Promise.all(
        [1, 2].map(() => t.request("POST", path(), { token: person.token, json: { code } })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
      expect(answers[0]!.body.checked_in_at).toBe(answers[1]!.body.checked_in_at);
      expect(await rowsOf(person)).toHaveLength(1);
    }
  });
});

describe("a claim older than two minutes", () => {
  test("10 minutes old: pending, not counted, in the CSV as such; the owner confirms it, a member may not", async () => {
    const person = await memberSince();
    const sent = await claim(person, ago(10 * 60_000));
    expect(sent.status).toBe(201);
    expect(sent.body.status).toBe("pending");
    let list = await attendance();
    expect(list.pending).toContain(person.id);
    expect(list.present).not.toContain(person.id);
    expect(list.missing).not.toContain(person.id);
    const csv = await t.request("GET", `${path()}.csv`, { token: w.owner.token });
    const line = csv.body.split("\r\n").find((l: string) => l.includes(person.username));
    expect(line.endsWith(",to confirm")).toBe(true);
    expect(csv.body.split("\r\n")[0]).toEndWith(",Status");

    // Sent again from the queue: the same pending check-in, not a second row nor a present one.
    const again = await claim(person, ago(10 * 60_000));
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("pending");

    const confirm = `${path()}/${person.id}/confirm`;
    const byMember = await t.request("POST", confirm, { token: w.member.token });
    expect(byMember.status).toBe(403);
    expect(byMember.body.detail).toBe("Only this club's owner or an admin can take attendance.");
    expect((await t.request("POST", confirm, { token: person.token })).status).toBe(403);
    expect(await rowsOf(person)).toEqual([{ status: "pending" }]);

    const confirmed = await t.request("POST", confirm, { token: w.owner.token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ user_id: person.id, status: "present" });
    list = await attendance();
    expect(list.present).toContain(person.id);
    expect(list.pending).not.toContain(person.id);
    // Confirming again answers the same; rejecting it now is too late.
    expect((await t.request("POST", confirm, { token: w.owner.token })).status).toBe(200);
    const late = await t.request("POST", `${path()}/${person.id}/reject`, { token: w.owner.token });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe("This check-in was already confirmed or rejected.");
  });

  test("a rejected one is not counted nor in the CSV; the person is expected again, and a live code counts", async () => {
    const person = await memberSince();
    expect((await claim(person, ago(10 * 60_000))).body.status).toBe("pending");
    const rejected = await t.request("POST", `${path()}/${person.id}/reject`, { token: w.admin.token });
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe("rejected");
    const list = await attendance();
    expect(list.present).not.toContain(person.id);
    expect(list.pending).not.toContain(person.id);
    expect(list.missing).toContain(person.id);
    const csv = await t.request("GET", `${path()}.csv`, { token: w.owner.token });
    expect(csv.body).not.toContain(person.username);
    // Replaying the old claim changes nothing.
    expect((await claim(person, ago(10 * 60_000))).body.status).toBe("rejected");
    const nobody = await t.request("POST", `${path()}/${w.outsider.id}/confirm`, { token: w.owner.token });
    expect(nobody.status).toBe(404);
    // At the event after all, with the code on the screen now: present.
    const live = await t.request("POST", path(), {
      token: person.token,
      json: { code: codeShownAt(new Date()) },
    });
    expect(live.status).toBe(201);
    expect(live.body.status).toBe("present");
    expect(await rowsOf(person)).toEqual([{ status: "present" }]);
  });

  test("30 seconds old (a moment without signal): present at once", async () => {
    const person = await memberSince();
    const sent = await claim(person, ago(30_000));
    expect(sent.status).toBe(201);
    expect(sent.body.status).toBe("present");
    const list = await attendance();
    expect(list.present).toContain(person.id);
    expect(list.pending).not.toContain(person.id);
  });
});
