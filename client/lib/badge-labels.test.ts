import { afterEach, describe, expect, test } from "bun:test";
import { setLocaleSource } from "../../common/messages";
import { badgeLabel, splitBadge } from "./badge-labels";

const counts = (join_requests: number, connection_notices: number, unread = 0) => ({
  unread,
  join_requests,
  connection_notices,
});

let restore: (() => void) | null = null;
const speak = (locale: "en" | "es") => {
  const previous = setLocaleSource(() => locale);
  restore = () => setLocaleSource(previous);
};
afterEach(() => restore?.());

describe("the menu's number says what it counts", () => {
  test("split into messages, requests to answer and updates, adding up to the number", () => {
    expect(splitBadge(6, counts(2, 1))).toEqual({ messages: 3, requests: 2, updates: 1 });
    // The bell's poll ran ahead of the badge's: nothing goes below zero, the sum stays the badge.
    expect(splitBadge(1, counts(2, 1))).toEqual({ messages: 0, requests: 1, updates: 0 });
    expect(splitBadge(0, counts(0, 0))).toEqual({ messages: 0, requests: 0, updates: 0 });
  });

  test("names only the parts that are there, in the reader's language", () => {
    speak("es");
    expect(badgeLabel(3, counts(3, 0))).toBe("3 pendientes para vos: 3 solicitudes sin responder");
    expect(badgeLabel(2, counts(1, 0))).toBe(
      "2 pendientes para vos: 1 mensaje sin leer, 1 solicitud sin responder",
    );
    restore?.();
    speak("en");
    expect(badgeLabel(4, counts(1, 1))).toBe(
      "4 waiting for you: 2 unread messages, 1 join request to answer, 1 update on your requests, events or reports",
    );
  });
});
