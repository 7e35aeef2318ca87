import { describe, expect, test } from "bun:test";
import { passwordSchema, signupBody } from "./api/auth";

/** The username rule as sign-up applies it. */
const usernameSchema = signupBody.shape.username;

import { checkPassword, checkUsername, suggestUsername } from "./signup-rules";

const failing = (checks: { rule: string; ok: boolean }[]) => checks.filter((c) => !c.ok).map((c) => c.rule);

describe("signup rules", () => {
  test("a space or an accent breaks the character rule only", () => {
    expect(failing(checkUsername("Sofía López"))).toEqual(["usernameCharacters"]);
    expect(failing(checkUsername("sofia lopez"))).toEqual(["usernameCharacters"]);
  });

  test("length, reserved names and the trimmed value", () => {
    expect(failing(checkUsername("ab"))).toEqual(["usernameLength"]);
    expect(failing(checkUsername("a".repeat(33)))).toEqual(["usernameLength"]);
    expect(failing(checkUsername("adm1n"))).toEqual(["usernameReserved"]);
    expect(failing(checkUsername("  sofia.lopez  "))).toEqual([]);
    expect(failing(checkUsername(""))).toEqual(["usernameLength", "usernameCharacters", "usernameReserved"]);
  });

  test("a password needs 8 to 128 characters", () => {
    expect(failing(checkPassword("1234"))).toEqual(["passwordLength"]);
    expect(failing(checkPassword("12345678"))).toEqual([]);
    expect(failing(checkPassword("x".repeat(129)))).toEqual(["passwordLength"]);
  });

  test("the screen's checks agree with the server's schemas on every sample", () => {
    const names = [
      "Sofía López",
      "ab",
      "abc",
      "sofia_2009",
      "admin",
      "soporte-clubnica",
      "a.b-c_d",
      " x ",
      "ñandú",
      "x".repeat(32),
      "x".repeat(33),
    ];
    for (const name of names) {
      expect({ name, ok: checkUsername(name).every((c) => c.ok) }).toEqual({
        name,
        ok: usernameSchema.safeParse(name).success,
      });
    }
    for (const pw of ["", "1234", "1234567", "12345678", "x".repeat(128), "x".repeat(129)]) {
      expect(checkPassword(pw).every((c) => c.ok)).toBe(passwordSchema.safeParse(pw).success);
    }
  });

  test("a suggestion keeps the name readable and meets every rule", () => {
    expect(suggestUsername("Sofía López")).toBe("sofia.lopez");
    expect(suggestUsername("sofia.lopez")).toBeNull();
    expect(suggestUsername("Ñ")).toBeNull();
    expect(suggestUsername("Admin Nica")).toBeNull();
  });
});
