import { managuaIso } from "../../common/datetime";

/**
 * CSV files as spreadsheets open them: UTF-8 with a byte-order mark (so Excel shows ñ and
 * accents), CRLF lines, RFC 4180 quoting (a field with a comma, quote or line break is quoted
 * and its quotes doubled). A text starting with = + - @ (or a tab or CR) gets a leading
 * apostrophe, so a name like "=HYPERLINK(...)" stays text instead of becoming a formula. A Date
 * is written in Managua's time with its offset ("2026-11-28T01:04:05-06:00"), not raw UTC, so
 * every CSV shows the clock its readers live by.
 */
const BOM = "\uFEFF";

export type CsvValue = string | number | Date | null | undefined;

function escapeField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? managuaIso(value) : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvValue[][]): string {
  const lines = [header, ...rows].map((row) => row.map(escapeField).join(","));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/** The response headers of a CSV download; personal data, so never kept by a cache. */
export function csvHeaders(fileName: string): Record<string, string> {
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${fileName}"`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  };
}
