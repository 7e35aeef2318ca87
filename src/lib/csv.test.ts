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

  test("a date is written in Managua time with its offset, not raw UTC", () => {
    const text = toCsv(["at"], [[new Date("2026-11-28T07:04:05.740Z")], [new Date("2026-11-28T03:00:00Z")]]);
    expect(text).toBe("\uFEFFat\r\n2026-11-28T01:04:05-06:00\r\n2026-11-27T21:00:00-06:00\r\n");
  });
});
