import { expect, test } from "bun:test";
import { shortTime } from "./relative-time";

test("shortTime picks a short form by age", () => {
  const now = new Date(2026, 10, 22, 15, 0);
  expect(shortTime(new Date(2026, 10, 22, 9, 5).toISOString(), now)).toBe("09:05");
  expect(shortTime(new Date(2026, 10, 20, 9, 5).toISOString(), now)).toMatch(/^[A-Z][a-z]{2} 09:05$/);
  expect(shortTime(new Date(2026, 2, 12, 9, 5).toISOString(), now)).toBe("Mar 12");
  expect(shortTime(new Date(2025, 2, 12, 9, 5).toISOString(), now)).toBe("Mar 12, 2025");
  expect(shortTime(null, now)).toBe("");
  expect(shortTime("not a date", now)).toBe("");
});
