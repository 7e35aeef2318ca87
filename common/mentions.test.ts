import { describe, expect, test } from "bun:test";
import { findMentionedUsernames, findTypedMention, splitMentions } from "./mentions";

describe("mentions in a message", () => {
  test("names after @, not inside an e-mail address, without a closing dot", () => {
    expect(findMentionedUsernames("Hola @Ana_Lopez y @ben.r. Escribí a ana@mail.com")).toEqual([
      "ana_lopez",
      "ben.r",
    ]);
    expect(findMentionedUsernames("@ab is too short, @@double")).toEqual([]);
  });

  test("splitting keeps the text whole", () => {
    const text = "¿Vienen @ana y @ben?";
    const parts = splitMentions(text);
    expect(parts.map((p) => p.text).join("")).toBe(text);
    expect(parts.filter((p) => p.username).map((p) => p.username)).toEqual(["ana", "ben"]);
  });

  test("the mention being typed at the caret", () => {
    expect(findTypedMention("hola @an", 8)).toEqual({ start: 5, query: "an" });
    expect(findTypedMention("@", 1)).toEqual({ start: 0, query: "" });
    expect(findTypedMention("ana@mail", 8)).toBeNull();
    expect(findTypedMention("hola @ana ya", 12)).toBeNull();
  });
});
