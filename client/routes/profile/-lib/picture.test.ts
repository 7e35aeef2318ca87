import { expect, test } from "bun:test";
import { isAllowedPicture } from "./picture";

test("isAllowedPicture accepts PNG, JPG and JPEG only", () => {
  expect(isAllowedPicture({ name: "me.png", type: "image/png" })).toBe(true);
  expect(isAllowedPicture({ name: "me.JPG", type: "image/jpeg" })).toBe(true);
  expect(isAllowedPicture({ name: "me.jpeg", type: "" })).toBe(true);
  expect(isAllowedPicture({ name: "me.gif", type: "image/gif" })).toBe(false);
  expect(isAllowedPicture({ name: "me.webp", type: "image/webp" })).toBe(false);
  expect(isAllowedPicture({ name: "notes.txt", type: "text/plain" })).toBe(false);
  expect(isAllowedPicture({ name: "fake.png", type: "text/plain" })).toBe(false);
  expect(isAllowedPicture({ name: "noext", type: "" })).toBe(false);
});
