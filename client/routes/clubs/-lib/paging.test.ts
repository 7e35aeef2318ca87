import { expect, test } from "bun:test";
import { pageCount, parsePage } from "./paging";

test("parsePage keeps whole numbers from 2 up; page 1 and junk are the first page", () => {
  expect(parsePage("2")).toBe(2);
  expect(parsePage(7)).toBe(7);
  expect(parsePage("1")).toBeUndefined();
  expect(parsePage("0")).toBeUndefined();
  expect(parsePage("-3")).toBeUndefined();
  expect(parsePage("2.5")).toBeUndefined();
  expect(parsePage("abc")).toBeUndefined();
  expect(parsePage(undefined)).toBeUndefined();
  expect(parsePage("1e9")).toBeUndefined();
});

test("pageCount rounds up and is at least one", () => {
  expect(pageCount(0)).toBe(1);
  expect(pageCount(24)).toBe(1);
  expect(pageCount(25)).toBe(2);
  expect(pageCount(49, 24)).toBe(3);
});
