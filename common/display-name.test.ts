import { describe, expect, test } from "bun:test";
import { displayName } from "./display-name";

describe("displayName", () => {
  test("first and last name, trimmed, joined by one space", () => {
    expect(displayName({ username: "ana", firstName: " Ana ", lastName: "López " })).toBe("Ana López");
  });

  test("only the part that is there", () => {
    expect(displayName({ username: "ana", firstName: "Ana", lastName: null })).toBe("Ana");
    expect(displayName({ username: "ana", firstName: "  ", lastName: "López" })).toBe("López");
  });

  test("the username when no name was given, else the fallback", () => {
    expect(displayName({ username: "ana", firstName: " ", lastName: "" })).toBe("ana");
    expect(displayName({ username: null, firstName: null, lastName: null }, "Miembro")).toBe("Miembro");
    expect(displayName({ username: null, firstName: null, lastName: null })).toBe("");
  });
});

describe("displayName with a name saved before invisible characters were refused", () => {
  test("drops the right-to-left override and zero-width characters", () => {
    expect(displayName({ username: "ana", firstName: "\u202EAna\u200B", lastName: "Ló\u200Dpez" })).toBe(
      "Ana López",
    );
    expect(displayName({ username: "ana", firstName: "\u200B\u2060", lastName: "\uFEFF" })).toBe("ana");
  });
});

describe("displayName of the API's JSON (snake_case), as the browser shows it", () => {
  test("the same rule as the server's: trimmed, joined, else the username", () => {
    expect(displayName({ username: "ana", first_name: " Ana ", last_name: "López " })).toBe("Ana López");
    expect(displayName({ username: "ana", first_name: null, last_name: "" })).toBe("ana");
  });

  test("drops invisible and direction-changing characters (the browser kept them before)", () => {
    expect(displayName({ username: "ana", first_name: "\u202EAna\u200B", last_name: "Ló\u200Dpez" })).toBe(
      "Ana López",
    );
  });
});
