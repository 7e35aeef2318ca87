import { describe, expect, test } from "bun:test";
import { ApiError } from "./api";
import { signupErrorsFrom } from "./signup-errors";

describe("signupErrorsFrom", () => {
  test("409 is the username taken", () => {
    const e = new ApiError(409, "That username is already taken.", "That username is already taken.");
    expect(signupErrorsFrom(e, "Failed")).toEqual({ username: "That username is already taken." });
  });

  test("422 entries go to the field their location names; the rest stays a message", () => {
    const detail = [
      { loc: ["body", "username"], msg: "Reserved." },
      { loc: ["body", "password"], msg: "Short." },
      { loc: ["body", "email"], msg: "Bad e-mail." },
    ];
    expect(signupErrorsFrom(new ApiError(422, detail, "x"), "Failed")).toEqual({
      username: "Reserved.",
      password: "Short.",
      other: "Bad e-mail.",
    });
  });

  test("anything else is the message, or the fallback", () => {
    expect(signupErrorsFrom(new ApiError(500, null, "Boom"), "Failed")).toEqual({ other: "Boom" });
    expect(signupErrorsFrom(new Error("x"), "Failed")).toEqual({ other: "Failed" });
  });
});
