import { expect, test } from "bun:test";
import { needsFullApp } from "./full-app";

test("a club page and /events are loader-only pages, by its URL and by its route path; the other club screens are not", () => {
  expect(needsFullApp("/")).toBe(false);
  expect(needsFullApp("/clubs")).toBe(false);
  expect(needsFullApp("/clubs/")).toBe(false);
  expect(needsFullApp("/clubs/12")).toBe(false);
  expect(needsFullApp("/clubs/12/")).toBe(false);
  expect(needsFullApp("/clubs/$clubId")).toBe(false);
  expect(needsFullApp("/clubs/new")).toBe(true);
  expect(needsFullApp("/clubs/12/calendar")).toBe(true);
  expect(needsFullApp("/clubs/edit/12")).toBe(true);
  expect(needsFullApp("/home")).toBe(true);
  expect(needsFullApp("/events")).toBe(false);
  expect(needsFullApp("/events/12/attendance")).toBe(true);
});
