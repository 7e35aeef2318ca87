import { describe, expect, test } from "bun:test";
import { placeMenu } from "./place-menu";

/** The menu's distance from the viewport's edges (place-menu.ts). */
const MENU_MARGIN = 8;

const viewport = { width: 360, height: 740 };
const size = { width: 200, height: 180 };
// The message list runs from 60 px to 600 px; the composer sits below it.
const boundary = { top: 60, bottom: 600 };
const bubble = (top: number, bottom: number) => ({ top, bottom, left: 12, right: 300 });

describe("placeMenu", () => {
  test("below a bubble with room under it", () => {
    expect(placeMenu({ anchor: bubble(100, 140), size, viewport, boundary, alignEnd: false })).toEqual({
      top: 144,
      left: 12,
    });
  });

  test("flips above the last bubble, so the composer does not cover it", () => {
    const place = placeMenu({ anchor: bubble(540, 590), size, viewport, boundary, alignEnd: false });
    expect(place.top).toBe(540 - 4 - size.height);
    expect(place.top + size.height).toBeLessThanOrEqual(boundary.bottom);
  });

  test("the user's own bubble lines up at its right edge, never past the screen", () => {
    expect(placeMenu({ anchor: bubble(100, 140), size, viewport, boundary, alignEnd: true }).left).toBe(100);
    const wide = { top: 100, bottom: 140, left: 300, right: 420 };
    expect(placeMenu({ anchor: wide, size, viewport, boundary, alignEnd: false }).left).toBe(
      viewport.width - size.width - MENU_MARGIN,
    );
  });

  test("a bubble taller than the list: the menu stays whole within the list", () => {
    const place = placeMenu({ anchor: bubble(20, 700), size, viewport, boundary, alignEnd: false });
    expect(place.top).toBeGreaterThanOrEqual(boundary.top);
    expect(place.top + size.height).toBeLessThanOrEqual(boundary.bottom);
  });
});
