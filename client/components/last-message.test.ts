import { expect, test } from "bun:test";
import { lastMessageText } from "./last-message-text";

test("a photo without a caption and a tombstone have words of their own; no message has none", () => {
  expect(lastMessageText("", true, false)).toBe("📷 Photo");
  expect(lastMessageText("El afiche", true, false)).toBe("📷 El afiche");
  expect(lastMessageText("", false, true)).toBe("Message deleted");
  expect(lastMessageText("Hola", false, false)).toBe("Hola");
  expect(lastMessageText(null, false, false)).toBeNull();
});
