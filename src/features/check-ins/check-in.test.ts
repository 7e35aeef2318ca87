import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { DomainError } from "../../lib/errors";
import { checkInWorld, session } from "./check-in.fixtures";
import { CHECK_IN_STEP_MS, codeAt, stepOf } from "./code";
import { checkIn, getCheckInCode } from "./service";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

const START = new Date("2026-11-28T15:00:00.000Z");
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

/** The error a call is refused with (status and detail), or null when it succeeds. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const detail =
      typeof error.detail === "string" ? error.detail : error.detail.map((d) => d.msg).join("; ");
    return { status: error.status, detail };
  }
}

async function secretOf(eventId: number): Promise<string> {
  const [row] = await t.sql<
    { secret: string }[]
  >`select secret from event_check_in_keys where post_id = ${eventId}`;
  return row!.secret;
}

describe("the rotating code (service, with a controlled clock)", () => {
  test("a code from the current or the previous 30 s step checks a member in, once", async () => {
    const w = await checkInWorld(t, START);
    const owner = session(w.owner, "owner");
    const now = minutes(5);
    const shown = await getCheckInCode({ db: t.deps.db, user: owner, postId: w.eventId, now });
    expect(shown.code).toMatch(/^\d{6}$/);
    expect(shown.is_open).toBe(true);
    // The code stays the same within its step and changes with the next one.
    const sameStep = await getCheckInCode({
      db: t.deps.db,
      user: owner,
      postId: w.eventId,
      now: new Date(now.getTime() + 1),
    });
    expect(sameStep.code).toBe(shown.code);
    expect(new Date(shown.step_ends_at).getTime()).toBe((stepOf(now.getTime()) + 1) * CHECK_IN_STEP_MS);

    // Read just before the change, typed just after it: the previous step's code still counts.
    const later = new Date(now.getTime() + CHECK_IN_STEP_MS);
    const done = await checkIn({
      db: t.deps.db,
      user: session(w.member),
      postId: w.eventId,
      code: shown.code!,
      now: later,
    });
    expect(done).toEqual({
      created: true,
      checkIn: {
        post_id: w.eventId,
        user_id: w.member.id,
        checked_in_at: later.toISOString(),
        status: "present",
      },
    });
    // Again: the check-in already there, not a second one.
    const again = await checkIn({
      db: t.deps.db,
      user: session(w.member),
      postId: w.eventId,
      code: shown.code!,
      now: new Date(later.getTime() + 1000),
    });
    expect(again).toEqual({ created: false, checkIn: done.checkIn });
    const [count] = await t.sql`select count(*)::int as n from event_check_ins where post_id = ${w.eventId}`;
    expect(count!.n).toBe(1);
  });

  test("an older or a future code is refused with a detail; so is a wrong one", async () => {
    const w = await checkInWorld(t, START);
    const now = minutes(10);
    await getCheckInCode({ db: t.deps.db, user: session(w.owner, "owner"), postId: w.eventId, now });
    const secret = await secretOf(w.eventId);
    const step = stepOf(now.getTime());
    const attempt = (code: string) =>
      refusal(checkIn({ db: t.deps.db, user: session(w.member), postId: w.eventId, code, now }));
    expect(await attempt(codeAt(secret, step - 2))).toEqual({
      status: 422,
      detail: "That code has expired. Enter the code on the screen now.",
    });
    expect(await attempt(codeAt(secret, step + 1))).toEqual({
      status: 422,
      detail: "That code is not valid yet. Check your phone's clock and try again.",
    });
    const current = codeAt(secret, step);
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, "0");
    expect((await attempt(wrong))?.status).toBe(422);
  });

  test("outside the window (before 1 h ahead, after 3 h on) a valid code is refused", async () => {
    const w = await checkInWorld(t, START);
    await getCheckInCode({
      db: t.deps.db,
      user: session(w.owner, "owner"),
      postId: w.eventId,
      now: minutes(0),
    });
    const secret = await secretOf(w.eventId);
    const at = (now: Date) =>
      refusal(
        checkIn({
          db: t.deps.db,
          user: session(w.member),
          postId: w.eventId,
          code: codeAt(secret, stepOf(now.getTime())),
          now,
        }),
      );
    expect(await at(minutes(-61))).toEqual({
      status: 422,
      detail: "Check-in opens one hour before the event starts.",
    });
    expect(await at(minutes(181))).toEqual({
      status: 422,
      detail: "Check-in closed three hours after the event started.",
    });
    const early = await getCheckInCode({
      db: t.deps.db,
      user: session(w.owner, "owner"),
      postId: w.eventId,
      now: minutes(-61),
    });
    expect(early).toMatchObject({ code: null, is_open: false });
    expect(await at(minutes(-59))).toBeNull();
  });

  test("a check-in queued offline is accepted later with its original time, pending the owner's word", async () => {
    const w = await checkInWorld(t, START);
    const scannedAt = minutes(170);
    const shown = await getCheckInCode({
      db: t.deps.db,
      user: session(w.owner, "owner"),
      postId: w.eventId,
      now: scannedAt,
    });
    // Back online 40 minutes later, after the window closed: the original time decides.
    const sentAt = minutes(210);
    const done = await checkIn({
      db: t.deps.db,
      user: session(w.member),
      postId: w.eventId,
      code: shown.code!,
      at: scannedAt,
      now: sentAt,
    });
    expect(done.checkIn.checked_in_at).toBe(scannedAt.toISOString());
    // 40 minutes after its time: kept "por confirmar", not counted on the phone's word.
    expect(done.checkIn.status).toBe("pending");
    // Someone else's queued check-in with a time outside the window, or in the future, is not.
    const other = await createQuickUser(t);
    await t.sql`insert into club_members (club_id, user_id, joined_at) values (${w.clubId}, ${other.id}, ${minutes(-120).toISOString()})`;
    const late = await refusal(
      checkIn({
        db: t.deps.db,
        user: session(other),
        postId: w.eventId,
        code: shown.code!,
        at: minutes(185),
        now: sentAt,
      }),
    );
    expect(late?.status).toBe(422);
    const future = await refusal(
      checkIn({
        db: t.deps.db,
        user: session(other),
        postId: w.eventId,
        code: shown.code!,
        at: minutes(230),
        now: sentAt,
      }),
    );
    expect(future).toEqual({
      status: 422,
      detail: "The check-in time is in the future. Check your phone's clock.",
    });
  });

  test("someone going who is not a member may check in; an outsider may not", async () => {
    const w = await checkInWorld(t, START);
    const now = minutes(0);
    const shown = await getCheckInCode({
      db: t.deps.db,
      user: session(w.admin, "admin"),
      postId: w.eventId,
      now,
    });
    const outsider = await refusal(
      checkIn({ db: t.deps.db, user: session(w.outsider), postId: w.eventId, code: shown.code!, now }),
    );
    expect(outsider).toEqual({
      status: 403,
      detail: "Only members of this club, or people who said they are going, can check in.",
    });
    await t.sql`insert into event_rsvps (post_id, user_id, status, updated_at)
      values (${w.eventId}, ${w.outsider.id}, 'going', ${minutes(-120).toISOString()})`;
    expect(
      await refusal(
        checkIn({ db: t.deps.db, user: session(w.outsider), postId: w.eventId, code: shown.code!, now }),
      ),
    ).toBeNull();
  });
});
