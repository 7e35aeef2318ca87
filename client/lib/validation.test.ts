import { describe, expect, test } from "bun:test";
import {
  cleanCode,
  isAllowedImage,
  isSixDigitCode,
  usernameProblem,
  validateProfile,
  validateReset,
  validateResetRequest,
  validateSignup,
} from "./validation";

test("codes are exactly six digits", () => {
  expect(isSixDigitCode("012345")).toBe(true);
  expect(isSixDigitCode("12345")).toBe(false);
  expect(isSixDigitCode("1234567")).toBe(false);
  expect(isSixDigitCode("12a456")).toBe(false);
  expect(cleanCode(" 12-34 56 78")).toBe("123456");
});

describe("signup", () => {
  test("all three fields are required", () => {
    expect(validateSignup({ username: " ", password: "x", confirm: "x" })).toEqual([
      { message: "All fields are required." },
    ]);
  });
  test("a mismatch is the alert text", () => {
    expect(validateSignup({ username: "ana", password: "a", confirm: "b" })[0]?.message).toBe(
      "Passwords do not match.",
    );
    expect(validateSignup({ username: "ana", password: "a-good-pass", confirm: "a-good-pass" })).toEqual([]);
  });
  test("the server's username and password rules are checked before Continue", () => {
    expect(validateSignup({ username: "Sofía López", password: "1234", confirm: "1234" })).toEqual([
      {
        field: "signup-username",
        message: "Your username has a space: join the words with a dot or an underscore.",
      },
      { field: "signup-password", message: "4 of 8 characters so far." },
    ]);
  });
});

describe("what is wrong with a username", () => {
  test("names the characters it cannot use", () => {
    expect(usernameProblem("sofía")).toBe("Your username has characters it can't use: í");
    expect(usernameProblem("ab")).toBe("Username: 3 to 32 characters.");
    expect(usernameProblem("sofia.lopez")).toBeUndefined();
  });
});

describe("profile", () => {
  const ok = { first_name: "Ana", last_name: "Ruiz", email: "a@b.c" };
  test("first name, last name and e-mail are required, in the spec's words", () => {
    for (const missing of ["first_name", "last_name", "email"] as const) {
      expect(validateProfile({ ...ok, [missing]: "  " })).toEqual([
        expect.objectContaining({ message: "First name, last name, and email are required." }),
      ]);
    }
    expect(validateProfile(ok)).toEqual([]);
  });
  test("the picture must be PNG, JPG or JPEG", () => {
    const gif = { name: "a.gif", type: "image/gif", size: 10 };
    expect(validateProfile({ ...ok, picture: gif })[0]?.message).toBe(
      "Only PNG, JPG or JPEG images are allowed.",
    );
    expect(validateProfile({ ...ok, picture: { name: "a.jpg", type: "image/jpeg", size: 10 } })).toEqual([]);
    expect(isAllowedImage({ name: "photo.JPEG", type: "" })).toBe(true);
    expect(isAllowedImage({ name: "photo.webp", type: "" })).toBe(false);
    expect(isAllowedImage({ name: "x.png", type: "image/webp" })).toBe(false);
  });
});

describe("password reset", () => {
  test("the identifier is required", () => {
    expect(validateResetRequest("  ")[0]?.message).toBe("Please enter your username or email.");
    expect(validateResetRequest("ana")).toEqual([]);
  });
  test("code, length and match rules", () => {
    const base = { identifier: "ana", code: "123456", newPassword: "longenough", confirm: "longenough" };
    expect(validateReset(base)).toEqual([]);
    expect(validateReset({ ...base, code: "12345" }).map((e) => e.message)).toEqual([
      "Enter the 6-digit code.",
    ]);
    expect(validateReset({ ...base, newPassword: "short", confirm: "short" }).map((e) => e.message)).toEqual([
      "Password must be at least 8 characters.",
    ]);
    expect(validateReset({ ...base, confirm: "different!" }).map((e) => e.message)).toEqual([
      "Passwords do not match.",
    ]);
  });
});
