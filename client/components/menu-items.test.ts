import { expect, test } from "bun:test";
import { nextMenuIndex } from "./menu-items";

test("arrows wrap around, Home and End jump, other keys move nothing", () => {
  expect(nextMenuIndex("ArrowDown", 2, 3)).toBe(0);
  expect(nextMenuIndex("ArrowUp", 0, 3)).toBe(2);
  expect(nextMenuIndex("Home", 2, 3)).toBe(0);
  expect(nextMenuIndex("End", 0, 3)).toBe(2);
  expect(nextMenuIndex("a", 1, 3)).toBeNull();
});

test("a horizontal row (the reaction picker) moves with left and right, not up and down", () => {
  expect(nextMenuIndex("ArrowRight", 5, 6, "horizontal")).toBe(0);
  expect(nextMenuIndex("ArrowLeft", 0, 6, "horizontal")).toBe(5);
  expect(nextMenuIndex("ArrowDown", 0, 6, "horizontal")).toBeNull();
});
