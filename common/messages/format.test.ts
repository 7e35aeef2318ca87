import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { formatIn } from "./format";

/**
 * Issue 50: the first Intl.NumberFormat (and intl-messageformat's supportedLocalesOf) loads ICU's
 * number data, 55-80 ms at a phone's CPU inside the first render that formats a count. Counts
 * 0-999 are plain digits in both languages, so they format without it; every other number still
 * reads exactly as Intl writes it.
 */
const MEMBERS = "{count, plural, one {# miembro} other {# miembros}}";
const original = Intl.NumberFormat;

afterEach(() => {
  Intl.NumberFormat = original;
});

describe("formatIn: numbers in plurals", () => {
  test("reads exactly as Intl.NumberFormat writes them, in both languages", () => {
    for (const [locale, tag] of [
      ["es", "es-NI"],
      ["en", "en-US"],
    ] as const) {
      for (const count of [0, 1, 2, 7, 42, 999, 1000, 1234, 12_345, 1_234_567, 1.5, -3]) {
        const words = new Intl.PluralRules(tag).select(count) === "one" ? "miembro" : "miembros";
        expect(formatIn(MEMBERS, { count }, locale)).toBe(`${new original(tag).format(count)} ${words}`);
      }
    }
  });

  test("a count under 1000 is formatted without loading ICU's number data", () => {
    const supported = spyOn(Intl.NumberFormat, "supportedLocalesOf");
    let constructed = 0;
    Intl.NumberFormat = new Proxy(original, {
      construct(target, args) {
        constructed += 1;
        return Reflect.construct(target, args);
      },
    });
    // A template no other test compiled, in each language.
    const template = "{count, plural, one {# club nuevo} other {# clubes nuevos}}";
    expect(formatIn(template, { count: 3 }, "es")).toBe("3 clubes nuevos");
    expect(formatIn(template, { count: 1 }, "en")).toBe("1 club nuevo");
    expect(supported).toHaveBeenCalledTimes(0);
    expect(constructed).toBe(0);
    supported.mockRestore();
  });
});
