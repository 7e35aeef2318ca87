import { describe, expect, test } from "bun:test";
import { toCsv } from "./csv";

describe("toCsv", () => {
  test("BOM, CRLF, quoting of comma, quote and line break; ñ kept; formulas neutralised", () => {
    const text = toCsv(
      ["Nombre", "Nota"],
      [
        ['Peña, "Toño"', "línea 1\nlínea 2"],
        ["=1+1", null],
      ],
    );
    expect(text).toBe('\uFEFFNombre,Nota\r\n"Peña, ""Toño""","línea 1\nlínea 2"\r\n\'=1+1,\r\n');
  });
});
