import { describe, expect, test } from "bun:test";
import { compileWatchList } from "../../lib/word-matching/matcher";
import { judgeTexts } from "../../lib/word-matching/verdict";
import { seedEntries } from "./seed";

const seeded = compileWatchList(seedEntries().map((e, i) => ({ id: i + 1, word: e.word, action: e.action })));
const actionFor = (text: string) => judgeTexts(seeded, [text]).action;

describe("the seeded list, as a new installation has it", () => {
  test.each([
    ["hijueputa", "sos un hijueputa"],
    ["culero", "qué culero"],
    ["chocho", "chocho"],
    ["jueputa", "JUEPUTAAA"],
    ["hijue puta", "hijue puta"],
    ["hdp", "hdp"],
    ["cochón", "cochon"],
    ["verga", "a la v3rga"],
    ["hijueputa spelled out", "h i j u e p u t a"],
    ["culero with Cyrillic е and о and a zero-width space", "cul\u200B\u0435r\u043E"],
    ["Hijo de puta (LDNOOBW, now held)", "hijo de puta"],
  ])("%s is held, not flagged", (_word, text) => {
    expect(actionFor(text)).toBe("hold");
  });

  test.each([
    ["mamón (also a fruit)", "vendo mamones"],
    ["martillo (LDNOOBW)", "traé el martillo"],
    ["sexo (a form's field)", "sexo: femenino"],
  ])("%s is only flagged", (_word, text) => {
    expect(actionFor(text)).toBe("flag");
  });

  test.each([
    "análisis",
    "Sussex",
    "Cassandra",
    "La O N U y la U N A N se reunieron",
    "¡Qué chochada!",
    "Ese concierto estuvo vergón",
    "Eso es paja, maje",
    "Feliz año, nos vemos en la U",
    "El ánimo de la clase de análisis",
  ])("%s passes", (text) => {
    expect(actionFor(text)).toBeNull();
  });
});
