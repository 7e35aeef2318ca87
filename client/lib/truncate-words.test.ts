import { describe, expect, test } from "bun:test";
import { truncateWords } from "./truncate-words";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(" ");

describe("truncateWords", () => {
  test("keeps text of at most the limit unchanged", () => {
    expect(truncateWords(words(500))).toEqual({ text: words(500), truncated: false });
    expect(truncateWords("")).toEqual({ text: "", truncated: false });
    expect(truncateWords(`${words(500)}  \n `)).toEqual({ text: `${words(500)}  \n `, truncated: false });
  });

  test("cuts after the 500th word and marks it", () => {
    const result = truncateWords(words(501));
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${words(500)}…`);
    expect(result.text.split(/\s+/)).toHaveLength(500);
  });

  test("keeps the original spacing and line breaks of what stays", () => {
    expect(truncateWords("one\n\ntwo   three four", 3)).toEqual({
      text: "one\n\ntwo   three…",
      truncated: true,
    });
  });

  test("handles other limits and leading spaces", () => {
    expect(truncateWords("  a b c", 2)).toEqual({ text: "  a b…", truncated: true });
    expect(truncateWords("a b", 0)).toEqual({ text: "", truncated: true });
  });
});
