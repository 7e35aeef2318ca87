import { describe, expect, test } from "bun:test";
import { normalizeInstagramUrl } from "./instagram";

describe("normalizeInstagramUrl", () => {
  test.each([
    ["https://www.instagram.com/p/CxYz123AbC/", "https://www.instagram.com/p/CxYz123AbC/"],
    ["instagram.com/p/CxYz123AbC", "https://www.instagram.com/p/CxYz123AbC/"],
    ["www.instagram.com/reel/C9abc_-DEF/?igsh=MWQ1ZGUxMzBkMA==", "https://www.instagram.com/p/C9abc_-DEF/"],
    ["http://instagram.com/tv/B8xyzABCDE#frag", "https://www.instagram.com/p/B8xyzABCDE/"],
    ["  https://m.instagram.com/reels/C9abcdefgh/  ", "https://www.instagram.com/p/C9abcdefgh/"],
    ["HTTPS://WWW.INSTAGRAM.COM/p/CxYz123AbC", "https://www.instagram.com/p/CxYz123AbC/"],
    ["https://www.instagram.com/clubnica/p/CxYz123AbC/", "https://www.instagram.com/p/CxYz123AbC/"],
  ])("accepts %s", (input, expected) => {
    expect(normalizeInstagramUrl(input)).toBe(expected);
  });

  test.each([
    "",
    "https://www.instagram.com/clubnica/",
    "https://www.instagram.com/p/",
    "https://www.instagram.com/p/abc/extra/more",
    "https://evil.com/instagram.com/p/CxYz123AbC/",
    "https://instagram.com.evil.com/p/CxYz123AbC/",
    "https://www.instagram.com@evil.com/p/CxYz123AbC/",
    "https://user:pw@www.instagram.com/p/CxYz123AbC/",
    "https://www.instagram.com:8443/p/CxYz123AbC/",
    "javascript:alert(1)//instagram.com/p/CxYz123AbC",
    "ftp://www.instagram.com/p/CxYz123AbC/",
    "https://www.instagram.com/p/Cx<script>/",
    "https://www.instagram.com/stories/someone/12345678/",
    "https://www.facebook.com/p/CxYz123AbC/",
  ])("rejects %p", (input) => {
    expect(normalizeInstagramUrl(input)).toBeNull();
  });
});
