import { describe, expect, test } from "bun:test";
import { mapSearchQuery, normalizeWhatsapp, previewFor } from "./links";

/** The plain link rule, as a field without a rule of its own (the form link) gets it. */
const normalizeLink = previewFor("google_forms");

describe("normalizeLink", () => {
  test("adds https:// when there is no scheme", () => {
    expect(normalizeLink("facebook.com/clubnica")).toBe("https://facebook.com/clubnica");
    expect(normalizeLink("  www.instagram.com/club ")).toBe("https://www.instagram.com/club");
  });
  test("keeps an existing http(s) scheme", () => {
    expect(normalizeLink("http://example.org/x")).toBe("http://example.org/x");
    expect(normalizeLink("https://forms.gle/abc")).toBe("https://forms.gle/abc");
  });
  test("empty stays empty; non-links are refused", () => {
    expect(normalizeLink("   ")).toBe("");
    expect(normalizeLink("not a link")).toBeNull();
    expect(normalizeLink("javascript://alert(1)")).toBeNull();
    expect(normalizeLink("justaword")).toBeNull();
  });
});

describe("normalizeWhatsapp", () => {
  test("a number becomes a wa.me link with digits only", () => {
    expect(normalizeWhatsapp("+505 8888-7777")).toBe("https://wa.me/50588887777");
    expect(normalizeWhatsapp("(505) 8888 7777")).toBe("https://wa.me/50588887777");
  });
  test("a leading 00 is read as +", () => {
    expect(normalizeWhatsapp("00505 8888 7777")).toBe("https://wa.me/50588887777");
  });
  test("wa.me and api.whatsapp.com links are rebuilt", () => {
    expect(normalizeWhatsapp("wa.me/+505 8888 7777")).toBe("https://wa.me/50588887777");
    expect(normalizeWhatsapp("https://api.whatsapp.com/send?phone=50588887777")).toBe(
      "https://wa.me/50588887777",
    );
  });
  test("group invites are kept; too short numbers and other hosts are refused", () => {
    expect(normalizeWhatsapp("chat.whatsapp.com/AbCdEf")).toBe("https://chat.whatsapp.com/AbCdEf");
    expect(normalizeWhatsapp("12345")).toBeNull();
    expect(normalizeWhatsapp("example.com/5058888")).toBeNull();
    expect(normalizeWhatsapp("")).toBe("");
  });
});

describe("meeting place preview", () => {
  test("the form previews the server's rule: an address becomes a map search, bad links null", () => {
    const preview = previewFor("meeting_location");
    const saved = preview("Teatro Municipal, León");
    expect(saved).toBe("https://www.google.com/maps/search/?api=1&query=Teatro%20Municipal%2C%20Le%C3%B3n");
    expect(mapSearchQuery(saved ?? "")).toBe("Teatro Municipal, León");
    expect(preview("maps.app.goo.gl/x")).toBe("https://maps.app.goo.gl/x");
    expect(mapSearchQuery("https://maps.app.goo.gl/x")).toBeNull();
    expect(preview("javascript://x")).toBeNull();
    expect(preview("")).toBe("");
  });
});
