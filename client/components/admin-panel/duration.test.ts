import { describe, expect, test } from "bun:test";
import { durationQuery, parseDuration } from "./duration";

describe("parseDuration", () => {
  test("reads days, hours and minutes", () => {
    expect(parseDuration("1 2 30")).toEqual({ ok: true, value: { days: 1, hours: 2, minutes: 30 } });
    expect(parseDuration("  0   0 5 ")).toEqual({ ok: true, value: { days: 0, hours: 0, minutes: 5 } });
    expect(parseDuration("1d 2h 30M")).toEqual({ ok: true, value: { days: 1, hours: 2, minutes: 30 } });
    expect(parseDuration("0 48 90")).toEqual({ ok: true, value: { days: 0, hours: 48, minutes: 90 } });
  });

  test("refuses anything but three whole numbers", () => {
    for (const bad of ["", "1", "1 2", "1 2 3 4", "a b c", "1.5 0 0", "-1 0 0", "1h 2d 3m", "1,2,3"]) {
      expect(parseDuration(bad)).toEqual({ ok: false, reason: "format" });
    }
  });

  test("refuses zero and more than 3650 days", () => {
    expect(parseDuration("0 0 0")).toEqual({ ok: false, reason: "zero" });
    expect(parseDuration("3650 0 0").ok).toBe(true);
    expect(parseDuration("3650 0 1")).toEqual({ ok: false, reason: "tooLong" });
    expect(parseDuration("0 0 9999999")).toEqual({ ok: false, reason: "tooLong" });
  });
});

test("durationQuery builds the PATCH query", () => {
  expect(durationQuery("ban", { days: 1, hours: 2, minutes: 30 })).toBe(
    "?ban=true&days=1&hours=2&minutes=30",
  );
  expect(durationQuery("mute", { days: 0, hours: 0, minutes: 5 })).toBe(
    "?mute=true&days=0&hours=0&minutes=5",
  );
});
