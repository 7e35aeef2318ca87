import { expect, test } from "bun:test";
import {
  formatDate,
  formatDateTime,
  formatDayHeading,
  formatMonth,
  formatRelative,
  formatShortTime,
  formatTime,
  managuaDay,
  managuaInputToIso,
  managuaIso,
  managuaMidnight,
  managuaMonth,
} from "./datetime";

// 21:45 UTC is 3:45 p.m. in Managua (UTC-6), whatever zone the test machine is in.
const at = "2026-11-23T21:45:00.000Z";

test("one style per kind of date, in Managua time, in each language", () => {
  expect(formatDateTime(at, "es")).toBe("23 nov 2026, 3:45 p. m.");
  expect(formatDateTime(at, "en")).toBe("Nov 23, 2026, 3:45 PM");
  expect(formatDate(at, "es")).toBe("23 nov 2026");
  expect(formatDate(at, "en")).toBe("Nov 23, 2026");
  expect(formatTime(at, "es")).toBe("3:45 p. m.");
  expect(formatTime(at, "en")).toBe("3:45 PM");
  expect(formatDayHeading(at, "es")).toBe("Lunes, 23 de noviembre");
  expect(formatDayHeading(at, "en")).toBe("Monday, November 23");
  expect(formatMonth(2026, 11, "es")).toBe("Noviembre de 2026");
  expect(formatMonth(2026, 11, "en")).toBe("November 2026");
  // Plain spaces only: the server's and the browser's ICU must print identical text.
  expect(formatDateTime(at, "en")).not.toMatch(/[\u00a0\u202f]/);
  expect(formatDateTime(null)).toBe("");
  expect(formatDate("not a date")).toBe("");
});

test("the Managua day, not the UTC one", () => {
  // 02:00 UTC on the 24th is still the evening of the 23rd in Managua.
  expect(managuaDay("2026-11-24T02:00:00Z")).toBe("2026-11-23");
  expect(formatDate("2026-11-24T02:00:00Z", "en")).toBe("Nov 23, 2026");
  expect(managuaMidnight(2026, 12, 1).toISOString()).toBe("2026-12-01T06:00:00.000Z");
  expect(managuaMonth(new Date("2026-12-01T05:59:00Z"))).toEqual({ year: 2026, month: 11 });
});

test("short times for lists: time today, weekday this week, day this year, full date before", () => {
  const now = new Date("2026-11-23T22:00:00Z");
  expect(formatShortTime("2026-11-23T15:05:00Z", now, "es")).toBe("9:05 a. m.");
  expect(formatShortTime("2026-11-23T15:05:00Z", now, "en")).toBe("9:05 AM");
  expect(formatShortTime("2026-11-21T15:05:00Z", now, "es")).toBe("sáb, 9:05 a. m.");
  expect(formatShortTime("2026-11-21T15:05:00Z", now, "en")).toBe("Sat 9:05 AM");
  expect(formatShortTime("2026-03-12T15:05:00Z", now, "es")).toBe("12 mar");
  expect(formatShortTime("2026-03-12T15:05:00Z", now, "en")).toBe("Mar 12");
  expect(formatShortTime("2025-03-12T15:05:00Z", now, "es")).toBe("12 mar 2025");
  expect(formatShortTime(null, now)).toBe("");
});

test("relative times are localised", () => {
  const now = new Date("2026-11-23T22:00:00Z");
  expect(formatRelative("2026-11-23T21:55:00Z", now, "es")).toBe("hace 5 min");
  expect(formatRelative("2026-11-23T21:55:00Z", now, "en")).toBe("5 min. ago");
  expect(formatRelative("2026-11-23T20:00:00Z", now, "es")).toBe("hace 2 h");
  expect(formatRelative("2026-11-22T21:00:00Z", now, "es")).toBe("ayer");
  expect(formatRelative("2026-11-22T21:00:00Z", now, "en")).toBe("yesterday");
  expect(formatRelative("2026-11-23T21:59:40Z", now, "es")).toBe("ahora");
});

test("a datetime-local value is Managua time", () => {
  expect(managuaInputToIso("2026-03-05T18:30")).toBe("2026-03-06T00:30:00.000Z");
  expect(managuaInputToIso("")).toBeNull();
  expect(managuaInputToIso("not a date")).toBeNull();
});

test("an instant as ISO 8601 in Managua time with the offset", () => {
  expect(managuaIso("2026-11-28T07:04:05.740Z")).toBe("2026-11-28T01:04:05-06:00");
  expect(managuaIso(new Date("2026-12-01T03:30:00Z"))).toBe("2026-11-30T21:30:00-06:00");
});
