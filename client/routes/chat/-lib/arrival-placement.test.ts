import { describe, expect, test } from "bun:test";
import { placeArrival } from "./arrival-placement";

/** Spec section 9: auto-scroll only within 80 px of the bottom. */
const AUTO_SCROLL_THRESHOLD_PX = 80;

// A 600 px tall list holding 2,000 px of messages: its bottom is at scrollTop 1,400.
const view = (scrollTop: number) => ({ scrollTop, clientHeight: 600 });
const drawn = { first: 1, last: 30, height: 2000 };

describe("placeArrival", () => {
  test("the list's first messages: to the bottom", () => {
    expect(placeArrival({ first: null, last: null, height: 0 }, drawn, view(0))).toBe("to-bottom");
  });

  test("a new message under a reader at the bottom, or within the threshold, follows it", () => {
    const grown = { first: 1, last: 31, height: 2080 };
    expect(placeArrival(drawn, grown, view(1400))).toBe("to-bottom");
    expect(placeArrival(drawn, grown, view(1400 - AUTO_SCROLL_THRESHOLD_PX))).toBe("to-bottom");
  });

  test("a new message under a reader further up offers New messages", () => {
    const grown = { first: 1, last: 31, height: 2080 };
    expect(placeArrival(drawn, grown, view(1400 - AUTO_SCROLL_THRESHOLD_PX - 1))).toBe("mark-unseen");
  });

  test("the reader's place is read from the element, not from an earlier scroll event", () => {
    // Scrolled to the top just now: the scroll event has not come, the message lands. The
    // position is measured against the height before the message, so the reader stays put.
    expect(placeArrival(drawn, { first: 1, last: 31, height: 2080 }, view(0))).toBe("mark-unseen");
  });

  test("the reader's own message sent from the bottom (the outbox bubble already drawn) follows", () => {
    // The pending bubble (80 px) made the list 2,080 px and the send scrolled to 1,480.
    expect(placeArrival(drawn, { first: 1, last: 31, height: 2080 }, view(1480))).toBe("to-bottom");
  });

  test("earlier messages on top keep the reader's place", () => {
    expect(placeArrival(drawn, { first: -5, last: 30, height: 2600 }, view(0))).toBe("keep-place");
  });

  test("the last message grew (a reaction): held at the bottom only for a reader there", () => {
    const taller = { first: 1, last: 30, height: 2040 };
    expect(placeArrival(drawn, taller, view(1400))).toBe("hold-bottom");
    expect(placeArrival(drawn, taller, view(200))).toBe("none");
    expect(placeArrival(drawn, drawn, view(1400))).toBe("none");
  });
});
