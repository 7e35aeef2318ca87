import { describe, expect, test } from "bun:test";
import { createJsonShapeScanner } from "./json-shape";

const bytes = (text: string) => new TextEncoder().encode(text);

function scanAll(text: string, maxDepth = 3, chunkSize = text.length, allowNul = false) {
  const scan = createJsonShapeScanner(maxDepth, { allowNul });
  const data = bytes(text);
  for (let i = 0; i < data.length; i += chunkSize) {
    const problem = scan(data.subarray(i, i + chunkSize));
    if (problem) return problem;
  }
  return null;
}

describe("JSON shape scan", () => {
  test("counts nesting of arrays and objects, not brackets inside strings", () => {
    expect(scanAll('{"a":[{"b":1}]}')).toBeNull();
    expect(scanAll('{"a":[{"b":[1]}]}')).toBe("too-deep");
    expect(scanAll('{"a":"[[[[[[{{{{"}')).toBeNull();
    expect(scanAll('{"a":"quote \\" then [[[[[["}')).toBeNull();
    expect(scanAll("[[],[],[],[[]]]")).toBeNull();
  });

  test("stops at the first byte past the limit of a huge body", () => {
    const scan = createJsonShapeScanner(8);
    expect(scan(bytes(`{"username":${"[".repeat(100_000)}`))).toBe("too-deep");
  });

  test("finds NUL raw or escaped, not an escaped backslash followed by u0000", () => {
    expect(scanAll('{"a":"x\\u0000y"}')).toBe("nul");
    expect(scanAll('{"a":"x\\u0000y"}', 3, 1)).toBe("nul");
    expect(scanAll('{"a":"x\\\\u0000y"}')).toBeNull();
    expect(scanAll('{"a":"\\u0041\\u00e9"}')).toBeNull();
    expect(scanAll('{"a":"x\u0000"}')).toBe("nul");
    expect(scanAll('{"a":"x\\u0000y"}', 3, 4, true)).toBeNull();
  });

  test("multi-byte UTF-8 is never mistaken for structure, across chunk boundaries too", () => {
    expect(scanAll('{"a":"ñandú 😀 [[[[ 學"}', 1, 1)).toBeNull();
  });
});
