import { describe, expect, test } from "bun:test";
import {
  MAP_SEARCH_URL,
  NormalizeError,
  normalizeMeetingPlace,
  normalizeSocialLink,
  normalizeWhatsapp,
} from "./links";

/** The link rules as people type them (issue 38): the server stores and the form previews these. */
describe("Instagram, Facebook and TikTok fields", () => {
  test("a handle, an @handle and the profile's full address become the same Instagram URL", () => {
    const expected = "https://www.instagram.com/ajedrezesteli";
    for (const typed of [
      "ajedrezesteli",
      "@ajedrezesteli",
      " @ajedrezesteli ",
      "instagram.com/ajedrezesteli",
      "https://instagram.com/ajedrezesteli/",
      "https://www.instagram.com/ajedrezesteli?igsh=abc",
      "http://m.instagram.com/ajedrezesteli",
    ]) {
      expect(normalizeSocialLink("instagram", typed)).toBe(expected);
    }
  });

  test("handles with dots and underscores stay handles", () => {
    expect(normalizeSocialLink("instagram", "club.ajedrez_esteli")).toBe(
      "https://www.instagram.com/club.ajedrez_esteli",
    );
  });

  test("Facebook and TikTok take handles too (TikTok keeps its @ in the address)", () => {
    expect(normalizeSocialLink("facebook", "@clubkayakgranada")).toBe(
      "https://www.facebook.com/clubkayakgranada",
    );
    expect(normalizeSocialLink("facebook", "facebook.com/clubkayakgranada")).toBe(
      "https://www.facebook.com/clubkayakgranada",
    );
    expect(normalizeSocialLink("tiktok", "robotica.leon")).toBe("https://www.tiktok.com/@robotica.leon");
    expect(normalizeSocialLink("tiktok", "https://www.tiktok.com/@robotica.leon")).toBe(
      "https://www.tiktok.com/@robotica.leon",
    );
  });

  test("other addresses on the network and link pages elsewhere are kept as links", () => {
    expect(normalizeSocialLink("facebook", "https://www.facebook.com/groups/123")).toBe(
      "https://www.facebook.com/groups/123",
    );
    expect(normalizeSocialLink("instagram", "linktr.ee/ajedrezesteli")).toBe(
      "https://linktr.ee/ajedrezesteli",
    );
  });

  test("empty is 'not given'; text that is neither a handle nor a link is refused", () => {
    expect(normalizeSocialLink("instagram", "  ")).toBeNull();
    expect(() => normalizeSocialLink("instagram", "club de ajedrez")).toThrow(NormalizeError);
    expect(() => normalizeSocialLink("instagram", "@")).toThrow(NormalizeError);
    expect(() => normalizeSocialLink("instagram", "javascript:alert(1)")).toThrow(NormalizeError);
  });
});

describe("WhatsApp numbers", () => {
  test('a local 8-digit number gets Nicaragua\'s 505: "8888 1234" → wa.me/50588881234', () => {
    expect(normalizeWhatsapp("8888 1234")).toBe("https://wa.me/50588881234");
    expect(normalizeWhatsapp("8888-1234")).toBe("https://wa.me/50588881234");
    expect(normalizeWhatsapp("wa.me/88881234")).toBe("https://wa.me/50588881234");
  });

  test("a number with its country keeps it: +1 555…, 00 34…, +505…", () => {
    expect(normalizeWhatsapp("+1 555 123 4567")).toBe("https://wa.me/15551234567");
    expect(normalizeWhatsapp("00 34 612 345 678")).toBe("https://wa.me/34612345678");
    expect(normalizeWhatsapp("+505 8888 1234")).toBe("https://wa.me/50588881234");
    expect(normalizeWhatsapp("505 8888 1234")).toBe("https://wa.me/50588881234");
  });

  test("an 8-digit number written with + or 00 is taken as written (it names its country)", () => {
    expect(normalizeWhatsapp("+12345678")).toBe("https://wa.me/12345678");
    expect(normalizeWhatsapp("0012345678")).toBe("https://wa.me/12345678");
  });

  test("too few digits are refused", () => {
    expect(() => normalizeWhatsapp("1234")).toThrow(NormalizeError);
  });
});

describe("meeting place (an address or a map link)", () => {
  test("an address becomes a map search link for it", () => {
    expect(normalizeMeetingPlace("Teatro Municipal, León")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Teatro%20Municipal%2C%20Le%C3%B3n",
    );
    expect(normalizeMeetingPlace("  UNAN   León ")).toBe(`${MAP_SEARCH_URL}UNAN%20Le%C3%B3n`);
    expect(normalizeMeetingPlace("Biblioteca")).toBe(`${MAP_SEARCH_URL}Biblioteca`);
  });
  test("a map link stays the link, with https:// added when missing", () => {
    expect(normalizeMeetingPlace("maps.app.goo.gl/AbC123")).toBe("https://maps.app.goo.gl/AbC123");
    expect(normalizeMeetingPlace("https://www.google.com/maps/place/León")).toBe(
      "https://www.google.com/maps/place/León",
    );
  });
  test("empty is not given; a link with a bad scheme, punctuation alone or a novel are refused", () => {
    expect(normalizeMeetingPlace("  ")).toBeNull();
    expect(() => normalizeMeetingPlace("javascript://alert(1)")).toThrow(NormalizeError);
    expect(() => normalizeMeetingPlace("-- , --")).toThrow(NormalizeError);
    expect(() => normalizeMeetingPlace("calle ".repeat(50))).toThrow(NormalizeError);
  });
});
