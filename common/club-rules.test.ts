import { describe, expect, test } from "bun:test";
import { normalizeRegion, normalizeSocialLinks, normalizeTags, parseSocialLinks } from "./club-rules";
import { NormalizeError, normalizeLink, normalizeWhatsapp } from "./links";

describe("normalizeLink", () => {
  test("adds https:// when there is no scheme", () => {
    expect(normalizeLink("facebook.com/clubnica")).toBe("https://facebook.com/clubnica");
    expect(normalizeLink("  www.instagram.com/x  ")).toBe("https://www.instagram.com/x");
    expect(normalizeLink("//maps.google.com/?q=UNI")).toBe("https://maps.google.com/?q=UNI");
  });

  test("keeps http and https links as they are", () => {
    expect(normalizeLink("http://example.com/a")).toBe("http://example.com/a");
    expect(normalizeLink("HTTPS://Example.com")).toBe("HTTPS://Example.com");
  });

  test("empty means no link", () => {
    expect(normalizeLink("")).toBeNull();
    expect(normalizeLink("   ")).toBeNull();
    expect(normalizeLink(null)).toBeNull();
    expect(normalizeLink(undefined)).toBeNull();
  });

  test("rejects other schemes and things that are not links", () => {
    for (const bad of [
      "javascript:alert(1)",
      "ftp://example.com",
      "data://text",
      "not a link",
      "hello",
      "exa mple.com",
    ]) {
      expect(() => normalizeLink(bad)).toThrow(NormalizeError);
    }
  });
});

describe("normalizeWhatsapp", () => {
  test("a number keeps digits, a leading 00 becomes +, and becomes a wa.me link", () => {
    expect(normalizeWhatsapp("+505 8888-7777")).toBe("https://wa.me/50588887777");
    expect(normalizeWhatsapp("00505 (8888) 7777")).toBe("https://wa.me/50588887777");
    expect(normalizeWhatsapp("505.8888.7777")).toBe("https://wa.me/50588887777");
  });

  test("wa.me and api.whatsapp.com links are rebuilt the same way", () => {
    expect(normalizeWhatsapp("wa.me/+505 8888 7777")).toBe("https://wa.me/50588887777");
    expect(normalizeWhatsapp("wa.me/%2B50588887777")).toBe("https://wa.me/50588887777");
    expect(() => normalizeWhatsapp("wa.me/%E0%A4%A")).toThrow(NormalizeError);
    expect(normalizeWhatsapp("https://wa.me/0050588887777?text=hola")).toBe("https://wa.me/50588887777");
    expect(normalizeWhatsapp("https://api.whatsapp.com/send?phone=50588887777")).toBe(
      "https://wa.me/50588887777",
    );
  });

  test("group invite links are kept as links (https added)", () => {
    expect(normalizeWhatsapp("chat.whatsapp.com/AbCdEf123")).toBe("https://chat.whatsapp.com/AbCdEf123");
  });

  test("empty is null; too short, too long or foreign links are rejected", () => {
    expect(normalizeWhatsapp("")).toBeNull();
    expect(() => normalizeWhatsapp("12345")).toThrow(NormalizeError);
    expect(() => normalizeWhatsapp("+1234567890123456")).toThrow(NormalizeError);
    expect(() => normalizeWhatsapp("https://example.com/505")).toThrow(NormalizeError);
    expect(() => normalizeWhatsapp("call me")).toThrow(NormalizeError);
  });
});

describe("normalizeTags", () => {
  test("trims, drops empties and case/accent duplicates, joins with ', '", () => {
    expect(normalizeTags("  Música ,musica, Arte,, ,arte  , Tecnología  ")).toBe("Música, Arte, Tecnología");
    expect(normalizeTags(["Deportes", "deportes", "Fútbol"])).toBe("Deportes, Fútbol");
    expect(normalizeTags("Robótica   Educativa")).toBe("Robótica Educativa");
  });

  test("empty gives an empty string", () => {
    expect(normalizeTags("")).toBe("");
    expect(normalizeTags(" , ,")).toBe("");
    expect(normalizeTags(null)).toBe("");
  });

  test("limits the count and length of tags", () => {
    expect(() => normalizeTags(Array.from({ length: 21 }, (_, i) => `t${i}`).join(","))).toThrow(
      NormalizeError,
    );
    expect(() => normalizeTags("x".repeat(41))).toThrow(NormalizeError);
    expect(normalizeTags(Array.from({ length: 20 }, (_, i) => `t${i}`).join(","))).toContain("t19");
  });
});

describe("normalizeRegion", () => {
  test("accepts the four regions in any case and León without accent", () => {
    expect(normalizeRegion("managua")).toBe("Managua");
    expect(normalizeRegion("Leon")).toBe("León");
    expect(normalizeRegion(" GRANADA ")).toBe("Granada");
    expect(normalizeRegion("")).toBeNull();
    expect(() => normalizeRegion("Chinandega")).toThrow(NormalizeError);
  });
});

describe("social links", () => {
  test("parses the JSON string and normalises each link", () => {
    const input = parseSocialLinks(
      JSON.stringify({
        facebook: "facebook.com/club",
        instagram: "https://instagram.com/club",
        google_forms: "",
        whatsapp: "0050588887777",
        other: "ignored",
      }),
    );
    expect(normalizeSocialLinks(input)).toEqual({
      links: {
        facebook: "https://www.facebook.com/club",
        instagram: "https://www.instagram.com/club",
        google_forms: null,
        whatsapp: "https://wa.me/50588887777",
      },
      invalid: [],
    });
  });

  test("reports each invalid link and rejects bad JSON", () => {
    expect(normalizeSocialLinks({ facebook: "javascript:x", whatsapp: "12" }).invalid).toEqual([
      "facebook",
      "whatsapp",
    ]);
    expect(() => parseSocialLinks("{not json")).toThrow(NormalizeError);
    expect(() => parseSocialLinks("[1,2]")).toThrow(NormalizeError);
    expect(() => parseSocialLinks('{"facebook": 3}')).toThrow(NormalizeError);
    expect(parseSocialLinks("")).toEqual({});
  });
});
