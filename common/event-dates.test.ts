import { describe, expect, test } from "bun:test";
import { eventWindow } from "./event-dates";

// Managua is UTC-6: 2026-11-27 00:00 in Managua is 06:00 UTC. 2026-11-28 is a Saturday.
const at = (iso: string) => new Date(iso);

describe("eventWindow", () => {
  test("today ends at Managua's midnight, not UTC's", () => {
    // 23:30 Managua on Thursday 26 is 05:30 UTC on the 27th.
    const late = eventWindow("today", at("2026-11-27T05:30:00Z"));
    expect(late.to?.toISOString()).toBe("2026-11-27T06:00:00.000Z");
    const early = eventWindow("today", at("2026-11-27T06:00:00Z"));
    expect(early.to?.toISOString()).toBe("2026-11-28T06:00:00.000Z");
  });

  test("on a weekday the weekend is the coming Saturday and Sunday", () => {
    const w = eventWindow("weekend", at("2026-11-26T15:00:00Z"));
    expect(w.from.toISOString()).toBe("2026-11-28T06:00:00.000Z");
    expect(w.to?.toISOString()).toBe("2026-11-30T06:00:00.000Z");
  });

  test("on Sunday the weekend is what is left of it", () => {
    const now = at("2026-11-29T20:00:00Z");
    const w = eventWindow("weekend", now);
    expect(w.from).toEqual(now);
    expect(w.to?.toISOString()).toBe("2026-11-30T06:00:00.000Z");
  });

  test("Friday 23:59 Managua is still before the weekend", () => {
    const w = eventWindow("weekend", at("2026-11-28T05:59:00Z"));
    expect(w.from.toISOString()).toBe("2026-11-28T06:00:00.000Z");
  });

  test("the month ends on the first of the next month in Managua", () => {
    // 30 Nov 23:00 Managua is 1 Dec 05:00 UTC: still November there.
    const w = eventWindow("month", at("2026-12-01T05:00:00Z"));
    expect(w.to?.toISOString()).toBe("2026-12-01T06:00:00.000Z");
    const dec = eventWindow("month", at("2026-12-15T12:00:00Z"));
    expect(dec.to?.toISOString()).toBe("2027-01-01T06:00:00.000Z");
  });

  test("no preset: from now on, no end", () => {
    const now = at("2026-11-26T12:00:00Z");
    expect(eventWindow(undefined, now)).toEqual({ from: now, to: null });
  });
});
