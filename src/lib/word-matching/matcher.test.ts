import { describe, expect, test } from "bun:test";
import { censorText, compileWatchList, findWatchedWords, type WatchedEntry } from "./matcher";
import { judgeTexts } from "./verdict";

const entry = (id: number, word: string, action: WatchedEntry["action"] = "flag"): WatchedEntry => ({
  id,
  word,
  action,
});
const list = (...words: string[]) => compileWatchList(words.map((w, i) => entry(i + 1, w)));
const words = (text: string, ...entries: string[]) =>
  findWatchedWords(list(...entries), text).map((m) => text.slice(m.start, m.end));

describe("watched-word matching", () => {
  test("case, accents, repeated letters and leetspeak fold onto the entry", () => {
    for (const text of ["p3nd3j0", "PENDEJOOO", "pendéjo", "pende\u0301jo", "eres un Pendejo!"]) {
      expect(words(text, "pendejo")).toHaveLength(1);
    }
    // Letters spelled out one by one read as one word (look-alikes.test.ts has the other tricks).
    expect(words("p.e.n.d.e.j.o", "pendejo")).toEqual(["p.e.n.d.e.j.o"]);
    expect(words("Eres un PENDEJOOO, ¿sabés?", "pendejo")).toEqual(["PENDEJOOO"]);
    expect(words("p3nd3j0", "pendejo")).toEqual(["p3nd3j0"]);
    expect(words("$3x0", "sexo")).toEqual(["$3x0"]);
    expect(words("@n4l", "anal")).toEqual(["@n4l"]);
  });

  test("whole words only: análisis, Sussex and Cassandra pass anal, sex and ass", () => {
    for (const text of [
      "análisis",
      "Sussex",
      "Cassandra",
      "el análisis de Cassandra en Sussex",
      "as soon as",
    ]) {
      expect(words(text, "anal", "sex", "ass")).toEqual([]);
    }
    expect(words("no seas ass", "anal", "sex", "ass")).toEqual(["ass"]);
    expect(words("ASSS", "ass")).toEqual(["ASSS"]);
    expect(words("sexxx", "sex")).toEqual(["sexxx"]);
  });

  test("a letter the entry doubles must stay doubled; ñ is not n", () => {
    expect(words("as de picas", "ass")).toEqual([]);
    expect(words("feliz año", "ano")).toEqual([]);
    expect(words("el ano", "ano")).toEqual(["ano"]);
    expect(words("gilipollas", "gilipollas")).toEqual(["gilipollas"]);
  });

  test("phrases match their words in order across spaces and signs", () => {
    expect(words("Hijo   de-PUTA", "hijo de puta")).toEqual(["Hijo   de-PUTA"]);
    expect(words("hijo de la puta", "hijo de puta")).toEqual([]);
    expect(words("hijo", "hijo de puta")).toEqual([]);
  });

  test("censoring replaces the matched letters with asterisks", () => {
    const l = compileWatchList([entry(1, "pendejo", "censor"), entry(2, "hijo de puta", "censor")]);
    const text = "Qué PENDEJOOO, hijo de-puta 😀";
    expect(censorText(text, findWatchedWords(l, text))).toBe("Qué *********, **** **-**** 😀");
  });

  test("the strongest action decides; censoring still applies", () => {
    const l = compileWatchList([
      entry(1, "tonto", "censor"),
      entry(2, "feo", "flag"),
      entry(3, "malo", "hold"),
    ]);
    expect(judgeTexts(l, ["tonto y feo", "bien"])).toEqual({
      action: "flag",
      texts: ["***** y feo", "bien"],
      entries: [entry(1, "tonto", "censor"), entry(2, "feo", "flag")],
    });
    expect(judgeTexts(l, ["feo", "malo"]).action).toBe("hold");
    expect(judgeTexts(l, ["todo bien"])).toEqual({ action: null, texts: ["todo bien"], entries: [] });
  });
});
