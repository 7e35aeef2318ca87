import { describe, expect, test } from "bun:test";
import { censorText, compileWatchList, findWatchedWords, type WatchedEntry } from "./matcher";

const list = (...words: string[]) =>
  compileWatchList(words.map((word, i): WatchedEntry => ({ id: i + 1, word, action: "block" })));
const found = (text: string, ...words: string[]) => findWatchedWords(list(...words), text);

/**
 * The audit's spellings of a watched "block" that got through (issue 46, item 2). Each is its own
 * row so a failure names the trick; all of them must still read as "block".
 */
const EVASIONS: [trick: string, text: string][] = [
  ["1. zero-width space U+200B inside", "bl\u200Bock"],
  ["2. zero-width joiner U+200D inside", "blo\u200Dck"],
  ["3. soft hyphen U+00AD inside", "b\u00ADlock"],
  ["4. word joiner U+2060 inside", "bloc\u2060k"],
  ["5. Cyrillic о and с", "bl\u043E\u0441k"],
  ["6. Greek Β, ο and κ", "\u0392l\u03BFc\u03BA"],
  ["7. fullwidth letters", "ｂｌｏｃｋ"],
  ["8. mathematical bold letters", "𝐛𝐥𝐨𝐜𝐤"],
  ["9. letters spaced", "b l o c k"],
  ["10. letters dotted", "b.l.o.c.k"],
  ["11. letters hyphenated", "b-l-o-c-k"],
  ["12. letters underscored", "b_l_o_c_k"],
  ["13. an emoji between letters", "b😀l😀o😀c😀k"],
  ["14. right-to-left override U+202E (shows as block)", "\u202Ekcolb"],
];

describe("watched words read past look-alikes", () => {
  test.each(EVASIONS)("%s is caught", (_trick, text) => {
    const matches = found(`ya ${text} vos`, "block");
    expect(matches.map((m) => m.entry.word)).toEqual(["block"]);
  });

  test.each([
    ["an emoji inside the word", "blo🔥ck"],
    ["mathematical script and zero-width mixed", "𝒷l\u200Bo𝒸k"],
    ["the override in mid-word", "bl\u202Ekco"],
    ["spaced capitals with leetspeak", "B L 0 C K"],
    ["spaced leetspeak", "b l 0 c k"],
    ["strikethrough marks", "b̶l̶o̶c̶k̶"],
    ["circled letters", "ⓑⓛⓞⓒⓚ"],
    ["parenthesized letters", "⒝⒧⒪⒞⒦"],
    ["negative squared letters", "🅱🅻🅾🅲🅺"],
    ["regional indicators", "🇧🇱🇴🇨🇰"],
    ["small capitals", "ʙʟᴏᴄᴋ"],
    ["a Hangul filler inside", "bl\u3164ock"],
    ["spaced letters ending a sentence", "sos un b.l.o.c.k."],
    ["spaced letters after and before a lone word", "te voy a b l o c k y listo"],
  ])("also: %s", (_trick, text) => {
    expect(found(text, "block").map((m) => m.entry.word)).toEqual(["block"]);
  });

  test("a zero-width space between two words still separates them", () => {
    expect(found("sos\u200Bblock", "block")).toHaveLength(1);
  });

  test("a sign drawn like a letter counts inside a word, and still separates two words", () => {
    expect(found("b|ock", "block")).toHaveLength(1);
    expect(found("hola|block", "block")).toHaveLength(1);
    expect(found("s|m", "s&m")).toHaveLength(1);
  });

  test("a flag after a word is not part of it", () => {
    expect(found("vamos block🇳🇮", "block")).toHaveLength(1);
    expect(found("Nicaragua🇳🇮", "nicaraguani")).toEqual([]);
  });

  test("a phrase spelled out letter by letter matches its words", () => {
    expect(found("h i j o de p.u.t.a", "hijo de puta")).toHaveLength(1);
  });

  test("censoring a spelled-out word stars it whole; the rest stays as written", () => {
    const text = "ya b.l.o.c.k vos 😀";
    const l = compileWatchList([{ id: 1, word: "block", action: "censor" }]);
    expect(censorText(text, findWatchedWords(l, text))).toBe("ya ********* vos 😀");
  });

  test("the match points at the original text, which stays as written", () => {
    const text = "ya b l o c k vos";
    const [match] = found(text, "block");
    expect(text.slice(match!.start, match!.end)).toBe("b l o c k");
  });

  test.each([
    ["análisis", "anal"],
    ["Sussex", "sex"],
    ["Cassandra", "ass"],
    ["La O N U y la U N A N se reunieron", "puta"],
    ["La O N U y la U N A N se reunieron", "ano"],
    ["La O N U y la U N A N se reunieron", "una"],
    ["as soon as", "ass"],
    ["qué chochada", "chocho"],
    ["cómo está, sos bien vergón", "verga"],
    ["feliz año", "ano"],
    ["el c.v. de la U.N.A.N.", "can"],
    ["el aula 4 5 5", "ass"],
  ])("%s passes a watched %s", (text, word) => {
    expect(found(text, word)).toEqual([]);
  });
});
